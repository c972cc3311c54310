import 'server-only'
import { db as defaultDb, type Db, type Tx } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import { SHOP } from '@/domains/layout/shop'
import { enqueueMail } from '@/domains/mail/mail.server'
import { moderateReviewAsStaff, reviewsForModeration } from '@/domains/reviews/reviews.server'
import type { Actor } from '@/domains/staff/permissions'
import { toCsv } from '@/lib/csv'
import { now } from '@/lib/clock'
import { Refusal } from '@/lib/refusal'
import { INBOX_MESSAGES as M, SUBSCRIBER_CSV_HEADER, replyMail, subscriberCsvRow } from './inbox'
import {
  countQuestions,
  countRegistrations,
  countRequests,
  countSubscribers,
  insertReply,
  lockQuestion,
  pendingReviewCount,
  repliesTo,
  selectQuestions,
  selectRegistrations,
  selectRequests,
  selectSubscribers,
} from './inbox.db'
import { QUESTION_BOXES, type LeadInboxQuery, type ModerationBody, type QuestionBox, type QuestionInboxQuery, type ReviewInboxQuery, type SubscriberFilter, type SubscriberQuery } from './inbox.schema'

type Q = Db | Tx

const pageOf = <T>(items: T[], total: number, query: { page: number; limit: number }) => ({
  items,
  total,
  page: query.page,
  limit: query.limit,
  pages: Math.max(1, Math.ceil(total / query.limit)),
})
const window = (query: { page: number; limit: number }) => ({ offset: (query.page - 1) * query.limit, limit: query.limit })

/** Reviews by status, oldest waiting first (the moderation queue), with their photos. */
export async function inboxReviews(query: ReviewInboxQuery) {
  const rows = await reviewsForModeration(query.status)
  return { items: rows.map(({ createdAt, ...r }) => ({ ...r, createdAt: createdAt.toISOString() })) }
}

/** Approve or reject from the back office: the reviews domain's own step, audited (ADR 162). */
export function moderateFromInbox(actor: Actor, id: number, body: ModerationBody) {
  return moderateReviewAsStaff(actor, { id, action: body.action })
}

/** Product questions or contact messages, newest first, each with the replies sent so far. */
export async function inboxQuestions(box: QuestionBox, query: QuestionInboxQuery, q: Q = defaultDb()) {
  const filter = { kinds: QUESTION_BOXES[box], state: query.state, q: query.q }
  const [rows, total] = await Promise.all([selectQuestions(q, filter, window(query)), countQuestions(q, filter)])
  const replies = await repliesTo(
    q,
    rows.map((r) => r.id),
  )
  const items = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    productId: r.productId,
    productName: r.productName,
    theme: r.theme,
    name: r.name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    userId: r.userId,
    createdAt: r.createdAt.toISOString(),
    replies: replies
      .filter((x) => x.questionId === r.id)
      .map((x) => ({ id: x.id, author: x.author, text: x.text, createdAt: x.createdAt.toISOString() })),
  }))
  return pageOf(items, total, query)
}

/**
 * A reply by e-mail: kept beside the question, mailed to the asker through the outbox in the same
 * transaction (so a reply exists exactly when its mail does) and written to the audit log.
 */
export async function replyToQuestion(actor: Actor, id: number, text: string, q: Db = defaultDb()) {
  return q.transaction(async (tx) => {
    const question = await lockQuestion(tx, id)
    if (!question) throw new Refusal('not-found', M.questionNotFound)
    const reply = await insertReply(tx, { questionId: id, staffId: actor.kind === 'staff' ? actor.id : null, author: actor.name, text, createdAt: now() })
    await enqueueMail(tx, { to: question.email, ...replyMail(question, text, SHOP.name), dedupeKey: `question-reply:${reply.id}` })
    await recordChange(tx, actor, { objectType: 'question', objectId: id, action: 'reply', after: { replyId: reply.id, text } })
    return { id: reply.id, author: reply.author, text: reply.text, createdAt: reply.createdAt.toISOString(), message: M.replied(question.email) }
  })
}

export async function inboxB2bRequests(query: LeadInboxQuery, q: Q = defaultDb()) {
  const [rows, total] = await Promise.all([selectRequests(q, window(query)), countRequests(q)])
  return pageOf(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total,
    query,
  )
}

export async function inboxWebinarRegistrations(query: LeadInboxQuery, q: Q = defaultDb()) {
  const [rows, total] = await Promise.all([selectRegistrations(q, window(query)), countRegistrations(q)])
  return pageOf(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), eventStartsAt: r.eventStartsAt.toISOString() })),
    total,
    query,
  )
}

export async function inboxSubscribers(query: SubscriberQuery, q: Q = defaultDb()) {
  const [rows, total] = await Promise.all([selectSubscribers(q, query, window(query)), countSubscribers(q, query)])
  return pageOf(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), confirmedAt: r.confirmedAt?.toISOString() ?? null, unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null })),
    total,
    query,
  )
}

/** More than this is not a spreadsheet anyone opens. */
export const SUBSCRIBER_EXPORT_MAX = 200_000

/** Newsletter subscribers as CSV for Excel (`;`; the BOM is the answer's, csvFile in src/admin/endpoint.ts). */
export async function subscribersCsv(filter: SubscriberFilter, q: Q = defaultDb()): Promise<string> {
  const rows = await selectSubscribers(q, filter, { offset: 0, limit: SUBSCRIBER_EXPORT_MAX })
  return toCsv(SUBSCRIBER_CSV_HEADER, rows.map(subscriberCsvRow))
}

/** What waits on each tab: reviews to check, questions and messages without a reply. */
export async function inboxCounts(q: Q = defaultDb()) {
  const [reviews, questions, messages] = await Promise.all([
    pendingReviewCount(q),
    countQuestions(q, { kinds: QUESTION_BOXES.questions, state: 'open' }),
    countQuestions(q, { kinds: QUESTION_BOXES.messages, state: 'open' }),
  ])
  return { reviews, questions, messages }
}
