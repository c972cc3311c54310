import { and, asc, count, desc, eq, exists, ilike, inArray, not, or, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { b2bEventRegistrations, b2bEvents, b2bRequests, questionReplies, questions, reviews, subscriptions, type QuestionKind } from '@/db/schema'
import type { SubscriberFilter } from './inbox.schema'

type Q = Db | Tx

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface QuestionFilter {
  kinds: readonly QuestionKind[]
  state?: 'open' | 'answered' | undefined
  q?: string | undefined
}

function questionWhere(db: Q, f: QuestionFilter): SQL | undefined {
  const replied = exists(db.select({ one: questionReplies.id }).from(questionReplies).where(eq(questionReplies.questionId, questions.id)))
  const where: (SQL | undefined)[] = [inArray(questions.kind, [...f.kinds])]
  if (f.state === 'answered') where.push(replied)
  if (f.state === 'open') where.push(not(replied))
  if (f.q) {
    const p = likePattern(f.q)
    where.push(or(ilike(questions.name, p), ilike(questions.email, p), ilike(questions.productName, p), ilike(questions.message, p)))
  }
  return and(...where)
}

export async function selectQuestions(db: Q, f: QuestionFilter, page: { offset: number; limit: number }) {
  return db
    .select()
    .from(questions)
    .where(questionWhere(db, f))
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .offset(page.offset)
    .limit(page.limit)
}

export async function countQuestions(db: Q, f: QuestionFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(questions).where(questionWhere(db, f))
  return row?.n ?? 0
}

export async function repliesTo(db: Q, questionIds: readonly number[]) {
  if (questionIds.length === 0) return []
  return db.select().from(questionReplies).where(inArray(questionReplies.questionId, [...questionIds])).orderBy(asc(questionReplies.createdAt), asc(questionReplies.id))
}

/** The question, locked: two staff replying at once each send their own, one after the other. */
export async function lockQuestion(tx: Tx, id: number) {
  const [row] = await tx.select().from(questions).where(eq(questions.id, id)).for('update')
  return row
}

export async function insertReply(tx: Tx, row: typeof questionReplies.$inferInsert) {
  const [inserted] = await tx.insert(questionReplies).values(row).returning()
  return inserted!
}

export async function pendingReviewCount(db: Q): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending'))
  return row?.n ?? 0
}

export async function selectRequests(db: Q, page: { offset: number; limit: number }) {
  return db.select().from(b2bRequests).orderBy(desc(b2bRequests.createdAt), desc(b2bRequests.id)).offset(page.offset).limit(page.limit)
}

export async function countRequests(db: Q): Promise<number> {
  const [row] = await db.select({ n: count() }).from(b2bRequests)
  return row?.n ?? 0
}

export async function selectRegistrations(db: Q, page: { offset: number; limit: number }) {
  return db
    .select({
      id: b2bEventRegistrations.id,
      name: b2bEventRegistrations.name,
      phone: b2bEventRegistrations.phone,
      email: b2bEventRegistrations.email,
      createdAt: b2bEventRegistrations.createdAt,
      eventId: b2bEvents.id,
      eventName: b2bEvents.name,
      eventStartsAt: b2bEvents.startsAt,
    })
    .from(b2bEventRegistrations)
    .innerJoin(b2bEvents, eq(b2bEvents.id, b2bEventRegistrations.eventId))
    .orderBy(desc(b2bEventRegistrations.createdAt), desc(b2bEventRegistrations.id))
    .offset(page.offset)
    .limit(page.limit)
}

export async function countRegistrations(db: Q): Promise<number> {
  const [row] = await db.select({ n: count() }).from(b2bEventRegistrations)
  return row?.n ?? 0
}

const subscriberWhere = (f: SubscriberFilter) => (f.status ? eq(subscriptions.status, f.status) : undefined)

const subscriberColumns = {
  id: subscriptions.id,
  email: subscriptions.email,
  page: subscriptions.page,
  status: subscriptions.status,
  promo: subscriptions.promo,
  createdAt: subscriptions.createdAt,
  confirmedAt: subscriptions.confirmedAt,
  unsubscribedAt: subscriptions.unsubscribedAt,
}

/** Without the token digests: the staff have no use for them. */
export async function selectSubscribers(db: Q, f: SubscriberFilter, page: { offset: number; limit: number }) {
  return db.select(subscriberColumns).from(subscriptions).where(subscriberWhere(f)).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)).offset(page.offset).limit(page.limit)
}

export async function countSubscribers(db: Q, f: SubscriberFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscriptions).where(subscriberWhere(f))
  return row?.n ?? 0
}
