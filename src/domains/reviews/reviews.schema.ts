import { z } from 'zod'
import { wire } from '@/lib/ajax'
import { EMAIL_PATTERN, MAX_TEXT, REVIEW_MESSAGES as M } from './reviews'

/** A 1–5 mark from a form field; anything else gets the form's own message. */
const rating = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined),
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(5, { error: message }),
  )

const requiredText = (message: string, max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string().min(1, { error: message }).max(max))

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string().max(max))

/** Ids the page sends but the server never trusts (USER_ID): accepted and ignored. */
const ignored = z.unknown().optional()

const captchaField = z.preprocess((v) => (typeof v === 'string' ? v : undefined), z.string().max(8000).optional())

/** Files arrive as FILES[0], FILES[1] … (a list), FILES[] or a single FILES. */
const files = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : typeof v === 'object' && !(v instanceof File) ? Object.values(v as object) : [v]),
  z.array(z.union([z.instanceof(File), z.string()])).max(50),
)

/** POST /ajax/reviews/ — the native form of signed-in buyers. Order of checks = order of messages. */
export const nativeReviewInput = z.object({
  RATING: rating(M.nativeRating),
  MESSAGE: requiredText(M.nativeText, MAX_TEXT),
  PRODUCT_ID: wire.id,
  USER_ID: ignored,
  RecapToken: captchaField,
})
export type NativeReviewInput = z.infer<typeof nativeReviewInput>

/** POST /ajax/add-review-to-aplaut/ — the photo form, multipart. */
export const widgetReviewInput = z.object({
  RATING: rating(M.widgetRating),
  IMPRESSIONS: requiredText(M.widgetText, MAX_TEXT),
  NAME: requiredText(M.widgetName, 100),
  EMAIL: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : ''),
    z.string().min(1, { error: M.widgetEmail }).max(200).regex(EMAIL_PATTERN, { error: M.widgetEmailFormat }),
  ),
  USER_ID: ignored,
  PRODUCT_ID: wire.id,
  PRODUCT_NAME: optionalText(300),
  OFFER_ID: z.preprocess((v) => (v === '' || v === undefined ? undefined : v), wire.id.optional()),
  FILES: files,
  RecapToken: captchaField,
})
export type WidgetReviewInput = z.infer<typeof widgetReviewInput>

/** POST /ajax/get-aplaut-ceo/ */
export const ceoInput = z.object({ OFFER_ID: wire.id })

/** GET /ajax/reviews/?PRODUCT_ID=…&sort=new|old&offset=0 — the list and the viewer's state. */
export const listInput = z.object({
  PRODUCT_ID: wire.id,
  sort: z.enum(['new', 'old']).catch('new'),
  offset: z.coerce.number().int().min(0).max(100_000).catch(0),
})
export type ListInput = z.infer<typeof listInput>

/** One moderation step (the back office's POST /api/admin/reviews/{id}/moderation). */
export const moderateInput = z.object({
  id: wire.id,
  action: z.enum(['approve', 'reject']),
})
export type ModerateInput = z.infer<typeof moderateInput>
