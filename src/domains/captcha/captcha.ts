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
