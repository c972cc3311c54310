import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { b2bEventRegistrations, b2bEvents, b2bRequests, outbox, products, questionReplies, questions, reviews, subscriptions } from '@/db/schema'
import { auditLog, staff } from '@/db/schema/staff'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { questionInboxQuery, replyBody, subscriberFilter, subscriberQuery } from './inbox.schema'
import {
  inboxB2bRequests,
  inboxCounts,
  inboxQuestions,
  inboxReviews,
  inboxSubscribers,
  inboxWebinarRegistrations,
  moderateFromInbox,
  replyToQuestion,
  subscribersCsv,
} from './inbox.server'

let MANAGER: Actor
let product: { id: number; name: string }

beforeAll(async () => {
  const [row] = await db().insert(staff).values({ email: 'irina.inbox@example.ru', name: 'Ирина Менеджер', role: 'manager' }).returning()
  MANAGER = { kind: 'staff', id: row!.id, name: row!.name, role: 'manager' }
  const [p] = await db().select({ id: products.id, name: products.name }).from(products).where(eq(products.ratesCount, 0)).limit(1)
  product = p!
})

async function refusalOf(run: () => Promise<unknown>): Promise<Refusal> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Refusal) return error
    throw error
  }
  throw new Error('expected a refusal')
}
const auditOf = (type: string, id: number) => db().select().from(auditLog).where(and(eq(auditLog.objectType, type), eq(auditLog.objectId, String(id))))

describe('reviews in the inbox', () => {
  it('lists the waiting reviews; approving publishes, recomputes the rating, and is audited; a repeat changes nothing', async () => {
    const [r] = await db().insert(reviews).values({ productId: product.id, source: 'widget', authorName: 'Нина', email: 'nina@example.ru', rating: 4, text: 'Для входящих' }).returning()
    const waiting = await inboxReviews({ status: 'pending' })
    expect(waiting.items.find((i) => i.id === r!.id)).toMatchObject({ productName: product.name, authorName: 'Нина', rating: 4, text: 'Для входящих' })

    expect(await moderateFromInbox(MANAGER, r!.id, { action: 'approve' })).toMatchObject({ status: 'approved', message: 'Отзыв опубликован.' })
    const [row] = await db().select().from(reviews).where(eq(reviews.id, r!.id))
    expect(row).toMatchObject({ status: 'approved', moderatedBy: null })
    const [p] = await db().select({ rating: products.rating, n: products.ratesCount }).from(products).where(eq(products.id, product.id))
    expect(p).toEqual({ rating: 4, n: 1 })
    expect(await auditOf('review', r!.id)).toEqual([expect.objectContaining({ staffId: MANAGER.id, action: 'approve', before: { status: 'pending' }, after: { status: 'approved' } })])
    expect((await inboxReviews({ status: 'pending' })).items.map((i) => i.id)).not.toContain(r!.id)

    expect(await moderateFromInbox(MANAGER, r!.id, { action: 'approve' })).toMatchObject({ status: 'approved', message: 'Отзыв уже обработан.' })
    expect(await auditOf('review', r!.id)).toHaveLength(1)
    await moderateFromInbox(MANAGER, r!.id, { action: 'reject' })
    const [after] = await db().select({ rating: products.rating, n: products.ratesCount }).from(products).where(eq(products.id, product.id))
    expect(after).toEqual({ rating: 0, n: 0 })
  })

  it('refuses an unknown review as not found', async () => {
    expect((await refusalOf(() => moderateFromInbox(MANAGER, 2_000_000_000, { action: 'approve' }))).kind).toBe('not-found')
  })
})

describe('questions and messages', () => {
  async function ask(kind: 'product' | 'contact' | 'nutritionist', message: string) {
    const [row] = await db()
      .insert(questions)
      .values({ kind, productId: kind === 'product' ? product.id : null, productName: kind === 'product' ? product.name : '', theme: kind === 'contact' ? 'delivery' : '', name: 'Тамара', email: 'tamara@example.ru', message })
      .returning()
    return row!
  }

  it('keeps product questions and contact messages on their own tabs', async () => {
    const question = await ask('product', 'Можно ли детям?')
    const contact = await ask('contact', 'Где мой заказ?')
    const nutritionist = await ask('nutritionist', 'Что пить зимой?')
    const qs = await inboxQuestions('questions', questionInboxQuery.parse({}))
    const ms = await inboxQuestions('messages', questionInboxQuery.parse({}))
    expect(qs.items.map((i) => i.id)).toContain(question.id)
    expect(qs.items.map((i) => i.id)).not.toContain(contact.id)
    expect(ms.items.map((i) => i.id)).toEqual(expect.arrayContaining([contact.id, nutritionist.id]))
    expect(ms.items.map((i) => i.id)).not.toContain(question.id)
    expect((await inboxQuestions('messages', questionInboxQuery.parse({ q: 'мой заказ' }))).items.map((i) => i.id)).toEqual([contact.id])
  })

  it('a reply is kept, mailed to the asker through the outbox with their words quoted, audited, and moves the question to answered', async () => {
    const question = await ask('product', 'Сколько капсул в день?\nИ как долго?')
    const countsBefore = await inboxCounts()
    const answer = await replyToQuestion(MANAGER, question.id, 'По одной капсуле в день, курс — месяц.')
    expect(answer).toMatchObject({ author: 'Ирина Менеджер', message: 'Ответ отправлен на tamara@example.ru.' })

    const [mail] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `question-reply:${answer.id}`))
    const payload = mail!.payload as { to: string; subject: string; text: string }
    expect(payload.to).toBe('tamara@example.ru')
    expect(payload.subject).toBe(`Витамаркет: ответ на ваш вопрос о товаре «${product.name}»`)
    expect(payload.text).toContain('Здравствуйте, Тамара!\n\nПо одной капсуле в день, курс — месяц.')
    expect(payload.text).toContain('> Сколько капсул в день?\n> И как долго?')

    expect(await db().select({ text: questionReplies.text }).from(questionReplies).where(eq(questionReplies.questionId, question.id))).toEqual([{ text: 'По одной капсуле в день, курс — месяц.' }])
    expect(await auditOf('question', question.id)).toEqual([expect.objectContaining({ staffId: MANAGER.id, action: 'reply' })])
    const open = await inboxQuestions('questions', questionInboxQuery.parse({ state: 'open', limit: '200' }))
    const done = await inboxQuestions('questions', questionInboxQuery.parse({ state: 'answered', limit: '200' }))
    expect(open.items.map((i) => i.id)).not.toContain(question.id)
    expect(done.items.find((i) => i.id === question.id)?.replies).toEqual([expect.objectContaining({ author: 'Ирина Менеджер', text: 'По одной капсуле в день, курс — месяц.' })])
    expect((await inboxCounts()).questions).toBe(countsBefore.questions - 1)
  })

  it('refuses a reply to an unknown question and queues no mail; an empty reply is refused by the schema', async () => {
    const mailsBefore = (await db().select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n
    expect((await refusalOf(() => replyToQuestion(MANAGER, 2_000_000_000, 'Ответ'))).kind).toBe('not-found')
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n).toBe(mailsBefore)
    expect(replyBody.safeParse({ text: '   ' }).success).toBe(false)
    expect(replyBody.safeParse({ text: 'x'.repeat(5001) }).success).toBe(false)
  })
})

describe('B2B requests and webinar registrations', () => {
  it('lists them newest first with their totals', async () => {
    const [older] = await db().insert(b2bRequests).values({ name: 'ООО Ромашка', phone: '79001112233', email: 'romashka@example.ru', company: 'Ромашка', interests: ['opt'], createdAt: new Date('2026-01-01T10:00:00Z') }).returning()
    const [newer] = await db().insert(b2bRequests).values({ name: 'ИП Василёк', phone: '79001112244', email: 'vasilek@example.ru', interests: [], createdAt: new Date('2030-01-01T10:00:00Z') }).returning()
    const page = await inboxB2bRequests({ page: 1, limit: 200 })
    const order = page.items.map((i) => i.id)
    expect(order.indexOf(newer!.id)).toBeLessThan(order.indexOf(older!.id))
    expect(page.total).toBe((await db().select({ n: sql<number>`count(*)::int` }).from(b2bRequests))[0]!.n)

    const [event] = await db().insert(b2bEvents).values({ code: 'inbox-webinar', name: 'Вебинар о витаминах', startsAt: new Date('2030-02-01T12:00:00Z') }).returning()
    await db().insert(b2bEventRegistrations).values({ eventId: event!.id, name: 'Пётр', phone: '79005556677', email: 'petr@example.ru', createdAt: new Date('2030-01-02T10:00:00Z') })
    const regs = await inboxWebinarRegistrations({ page: 1, limit: 1 })
    expect(regs.items).toEqual([expect.objectContaining({ name: 'Пётр', eventName: 'Вебинар о витаминах', eventStartsAt: '2030-02-01T12:00:00.000Z' })])
    expect(regs.pages).toBe(regs.total)
  })
})

describe('newsletter subscribers', () => {
  it('exports them as CSV with ; and Russian headers, statuses and Moscow times, filtered by status', async () => {
    const base = { page: '/', confirmTokenHash: '', unsubscribeTokenHash: '' }
    const token = (s: string) => s.padEnd(64, '0')
    await db()
      .insert(subscriptions)
      .values([
        { ...base, email: 'first@example.ru', status: 'confirmed', promo: true, confirmTokenHash: token('x1'), unsubscribeTokenHash: token('y1'), createdAt: new Date('2026-03-01T21:30:00Z'), confirmedAt: new Date('2026-03-01T21:40:00Z') },
        { ...base, email: 'second;x@example.ru', page: '/catalog/', status: 'pending', confirmTokenHash: token('x2'), unsubscribeTokenHash: token('y2'), createdAt: new Date('2026-03-02T09:00:00Z') },
      ])
    const csv = await subscribersCsv(subscriberFilter.parse({}))
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('E-mail;Статус;Страница;Промокод 10%;Подписался;Подтвердил;Отписался')
    expect(lines).toContain('first@example.ru;Подписан;/;да;02.03.2026 00:30;02.03.2026 00:40;')
    expect(lines).toContain('"second;x@example.ru";Не подтвердил;/catalog/;нет;02.03.2026 12:00;;')
    const confirmed = await subscribersCsv(subscriberFilter.parse({ status: 'confirmed' }))
    expect(confirmed).toContain('first@example.ru')
    expect(confirmed).not.toContain('second;x@example.ru')

    const listed = await inboxSubscribers(subscriberQuery.parse({ status: 'pending' }))
    expect(listed.items.map((i) => i.email)).toContain('second;x@example.ru')
    expect(listed.items.every((i) => i.status === 'pending')).toBe(true)
    expect(Object.keys(listed.items[0]!)).not.toContain('confirmTokenHash')
  })
})
