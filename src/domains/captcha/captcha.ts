import { z } from 'zod'

/**
 * ALTCHA proof-of-work, self-hosted (see docs/decisions/060-captcha-altcha.md). The spec's reCAPTCHA
 * fields (`RecapToken`, `token`) carry the widget's payload: base64 of `{challenge, solution}`.
 */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256'
export const CHALLENGE_PATH = '/ajax/captcha/challenge/'
/** A challenge must be solved and sent within this time. */
export const CHALLENGE_TTL_SECONDS = 10 * 60

export interface Difficulty {
  /** PBKDF2 iterations per try. */
  cost: number
  /** The secret counter the browser must find lies in [minCounter, maxCounter]. */
  minCounter: number
  maxCounter: number
}

/**
 * About 1 300 PBKDF2 tries of 500 iterations on average: under a second in a phone's browser with
 * workers, and a real cost for a script sending thousands of forms.
 */
export const DEFAULT_DIFFICULTY: Difficulty = { cost: 500, minCounter: 300, maxCounter: 2_300 }

export const CAPTCHA_MESSAGES = {
  missing: 'Подтвердите, что вы не робот: обновите страницу и отправьте форму ещё раз.',
  invalid: 'Проверка на робота не пройдена. Обновите страницу и попробуйте снова.',
  replayed: 'Эта проверка уже использована. Отправьте форму ещё раз.',
  limited: 'Слишком много отправок подряд. Пожалуйста, попробуйте позже.',
} as const

const hex = z.string().regex(/^[0-9a-f]{1,256}$/i)

export const captchaPayload = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string().max(32),
        nonce: hex,
        salt: hex,
        cost: z.number().int().positive().max(10_000_000),
        keyLength: z.number().int().positive().max(64),
        keyPrefix: hex,
        keySignature: hex.optional(),
        memoryCost: z.number().int().positive().optional(),
        parallelism: z.number().int().positive().optional(),
        expiresAt: z.number().optional(),
        data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
      })
      .strict(),
    signature: hex,
  }),
  solution: z.object({
    counter: z.number().int().min(0).max(0xffffffff),
    derivedKey: hex,
    time: z.number().optional(),
  }),
})
export type CaptchaPayload = z.infer<typeof captchaPayload>

/** The widget sends base64(JSON); plain JSON is accepted too. Anything else is null. */
export function parseCaptchaPayload(raw: string): CaptchaPayload | null {
  const text = raw.trim()
  if (!text || text.length > 8_000) return null
  let json: unknown
  try {
    json = JSON.parse(text.startsWith('{') ? text : Buffer.from(text, 'base64').toString('utf8'))
  } catch {
    return null
  }
  const parsed = captchaPayload.safeParse(json)
  return parsed.success ? parsed.data : null
}

/** Anti-automation limits (S11): far above what a buyer does, far below what a script needs. */
export interface Limit {
  max: number
  windowSeconds: number
}
export const LIMITS = {
  review: { session: { max: 5, windowSeconds: 3600 }, ip: { max: 30, windowSeconds: 3600 } },
  question: { session: { max: 5, windowSeconds: 3600 }, ip: { max: 30, windowSeconds: 3600 } },
  subscribe: { session: { max: 10, windowSeconds: 3600 }, ip: { max: 60, windowSeconds: 3600 } },
  rating: { session: { max: 60, windowSeconds: 3600 }, ip: { max: 600, windowSeconds: 3600 } },
} as const satisfies Record<string, { session: Limit; ip: Limit }>
export type LimitedAction = keyof typeof LIMITS
