import { z } from 'zod'

/** The widget's payload; strict, so nothing unexpected reaches the verifier. */
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
