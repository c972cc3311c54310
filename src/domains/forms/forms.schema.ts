import { z } from 'zod'
import { ARTICLE_ID, FORM_MESSAGES as M, isAgreed, questionKind, SUBSCRIBE_EMAIL, validateQuestion } from './forms'

const str = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v : undefined), z.string().max(max).optional())

/**
 * POST /ajax/question/ — one call for the three forms. The rules run in the spec's order inside one
 * refinement, so the answer is the first failing rule's message.
 */
export const questionInput = z
  .object({
    NAME: str(200),
    EMAIL: str(200),
    PHONE: str(40),
    MESSAGE: str(5000),
    THEME: str(40),
    PRODUCT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().max(2_147_483_647).optional()),
    PRODUCT_NAME: str(300),
    ADS_AGREEMENT: str(10),
    FORM: str(20),
    RecapToken: str(8000),
  })
  .transform((f, ctx) => {
    const kind = questionKind(f)
    const checked = validateQuestion(kind, f)
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.error, path: [checked.field] })
      return z.NEVER
    }
    return {
      kind,
      ...checked.value,
      productId: f.PRODUCT_ID ?? null,
      productName: (f.PRODUCT_NAME ?? '').trim(),
      adsAgreement: isAgreed(f.ADS_AGREEMENT),
      token: f.RecapToken,
    }
  })
export type QuestionInput = z.infer<typeof questionInput>

const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : ''),
  z.string().max(200).regex(SUBSCRIBE_EMAIL, { error: M.subscribeEmail }),
)

/** POST /ajax/subscribe/ — `userid` is never trusted (the session's user is used). */
export const subscribeInput = z.object({
  email,
  token: str(8000),
  userid: z.unknown().optional(),
  page: str(2000),
  region: str(100),
})
export type SubscribeInput = z.infer<typeof subscribeInput>

/** POST /ajax/subscribe-eco/ — the spec sends email and page=/eco/; our block adds the captcha token. */
export const subscribeEcoInput = subscribeInput

/** GET /ajax/subscribe/?region=… — whether the 10% promo applies to this visitor's region. */
export const promoInput = z.object({ region: str(100) })

/** POST /ajax/subscribe/confirm/ — the buttons of the links in the confirmation mail. */
export const subscriptionLinkInput = z.object({
  token: z.string().regex(/^[\w-]{20,100}$/),
  action: z.enum(['confirm', 'unsubscribe']),
})

/** POST /ajax/set_rating/ */
export const ratingInput = z.object({
  articleId: z.string().trim().regex(ARTICLE_ID),
  rating: z.coerce.number().int().min(0).max(5),
})
export type RatingInput = z.infer<typeof ratingInput>
