import { z } from 'zod'
import { REVIEW_STATUSES, SUBSCRIPTION_STATUSES } from '@/db/schema'

/**
 * The back office's inboxes (issue 18): one schema per input, shared by the pages' URLs and
 * /api/admin/. An untouched field of a filter form arrives as '' and means "any".
 */
const blankIsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsAbsent, schema.optional())

export const INBOX_PAGE_SIZE = 50

const paging = {
  page: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(100_000).default(1)),
  limit: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(200).default(INBOX_PAGE_SIZE)),
}

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

export const reviewInboxQuery = z.object({
  status: z.preprocess(blankIsAbsent, z.enum(REVIEW_STATUSES).default('pending')).describe('pending — ждут проверки (по умолчанию), approved, rejected'),
})
export type ReviewInboxQuery = z.output<typeof reviewInboxQuery>

export const moderationBody = z.object({ action: z.enum(['approve', 'reject']).describe('approve — опубликовать, reject — отклонить') })
export type ModerationBody = z.output<typeof moderationBody>

/** Product questions on one tab; contact-form and nutritionist messages on the other. */
export const QUESTION_BOXES = { questions: ['product'], messages: ['contact', 'nutritionist'] } as const
export type QuestionBox = keyof typeof QUESTION_BOXES

export const questionInboxQuery = z.object({
  state: optional(z.enum(['open', 'answered'])).describe('open — без ответа, answered — с ответом; пусто — все'),
  q: optional(z.string().trim().max(100)).describe('Поиск по имени, e-mail, товару или тексту'),
  ...paging,
})
export type QuestionInboxQuery = z.output<typeof questionInboxQuery>

export const REPLY_MAX = 5000
export const replyBody = z.object({
  text: z.string().trim().min(1, 'Напишите ответ.').max(REPLY_MAX, `Ответ — не длиннее ${REPLY_MAX} символов.`),
})
export type ReplyBody = z.output<typeof replyBody>

export const leadInboxQuery = z.object({ ...paging })
export type LeadInboxQuery = z.output<typeof leadInboxQuery>

export const subscriberFilter = z.object({
  status: optional(z.enum(SUBSCRIPTION_STATUSES)).describe('pending — не подтвердили, confirmed, unsubscribed; пусто — все'),
})
export type SubscriberFilter = z.output<typeof subscriberFilter>

export const subscriberQuery = subscriberFilter.extend(paging)
export type SubscriberQuery = z.output<typeof subscriberQuery>
