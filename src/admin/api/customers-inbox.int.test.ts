import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { GET as customersGet } from '@/app/api/admin/customers/route'
import { GET as customerGet } from '@/app/api/admin/customers/[id]/route'
import { POST as anonymisePost } from '@/app/api/admin/customers/[id]/anonymise/route'
import { GET as reviewsGet } from '@/app/api/admin/reviews/route'
import { POST as moderationPost } from '@/app/api/admin/reviews/[id]/moderation/route'
import { POST as replyPost } from '@/app/api/admin/questions/[id]/reply/route'
import { GET as exportGet } from '@/app/api/admin/subscribers/export/route'
import { db } from '@/db/client'
import { orders, outbox, products, questions, reviews, subscriptions, users } from '@/db/schema'
import { ANONYMISED_BUYER } from '@/domains/customers/customers'
import { adminRequest, signedInStaff } from '../../../tests/support/staff'
import { openApiDocument } from '../openapi'
import { ADMIN_ENDPOINTS } from './index'

/** The customers and inbox endpoints as the back office's pages call them (a staff session per role). */
const cookies: Record<'manager' | 'warehouse' | 'content', string> = { manager: '', warehouse: '', content: '' }
let buyerId = 0
let orderId = 0

beforeAll(async () => {
  for (const role of ['manager', 'warehouse', 'content'] as const) cookies[role] = (await signedInStaff(role)).cookie
  const [u] = await db().insert(users).values({ email: 'svetlana.api@example.ru', name: 'Светлана Апишкина', phone: '+7 (926) 700-80-90' }).returning()
  buyerId = u!.id
  const [o] = await db()
    .insert(orders)
    .values({ userId: buyerId, status: 'delivered', buyerName: 'Светлана Апишкина', email: u!.email, phone: u!.phone, basePrice: 90_000, goodsPrice: 90_000, total: 90_000, paymentToken: 'customers-api' })
    .returning({ id: orders.id })
  orderId = o!.id
})

type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>
function call(handler: Handler, role: keyof typeof cookies, method: string, path: string, body?: unknown, params: Record<string, string> = {}) {
  return handler(adminRequest(method, path, { cookie: cookies[role] }, body), { params: Promise.resolve(params) })
}

describe('/api/admin/customers', () => {
  it('finds a buyer by phone and shows the detail with orders; other roles get 403', async () => {
    const list = await call(customersGet, 'manager', 'GET', '/api/admin/customers/?q=89267008090')
    expect(list.status).toBe(200)
    expect(await list.json()).toMatchObject({ total: 1, items: [{ id: buyerId, totals: { orders: 1, spent: 90_000 } }] })
    expect((await call(customersGet, 'warehouse', 'GET', '/api/admin/customers/')).status).toBe(403)
    const detail = await call(customerGet, 'manager', 'GET', `/api/admin/customers/${buyerId}/`, undefined, { id: String(buyerId) })
    expect(await detail.json()).toMatchObject({ id: buyerId, orders: [{ id: orderId, total: 90_000 }] })
    expect((await call(customerGet, 'manager', 'GET', '/api/admin/customers/2000000000/', undefined, { id: '2000000000' })).status).toBe(404)
  })

  it('anonymises on request: refused to the warehouse with nothing changed, done for the manager', async () => {
    const refused = await call(anonymisePost, 'warehouse', 'POST', `/api/admin/customers/${buyerId}/anonymise/`, {}, { id: String(buyerId) })
    expect(refused.status).toBe(403)
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, buyerId))).toHaveLength(1)
    const done = await call(anonymisePost, 'manager', 'POST', `/api/admin/customers/${buyerId}/anonymise/`, {}, { id: String(buyerId) })
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({ orders: [orderId] })
    const [o] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(o).toMatchObject({ buyerName: ANONYMISED_BUYER, email: '', phone: '', total: 90_000, status: 'delivered' })
    expect((await call(customerGet, 'manager', 'GET', `/api/admin/customers/${buyerId}/`, undefined, { id: String(buyerId) })).status).toBe(404)
  })
})

describe('/api/admin/reviews, questions and subscribers', () => {
  it('moderates a review for the manager; the content editor is refused and nothing changes', async () => {
    const [p] = await db().select({ id: products.id }).from(products).limit(1)
    const [r] = await db().insert(reviews).values({ productId: p!.id, source: 'native', authorName: 'Юлия', rating: 5, text: 'Через API' }).returning()
    const listed = (await (await call(reviewsGet, 'manager', 'GET', '/api/admin/reviews/')).json()) as { items: { id: number }[] }
    expect(listed.items.map((i) => i.id)).toContain(r!.id)
    const path = `/api/admin/reviews/${r!.id}/moderation/`
    expect((await call(moderationPost, 'content', 'POST', path, { action: 'approve' }, { id: String(r!.id) })).status).toBe(403)
    expect((await db().select().from(reviews).where(eq(reviews.id, r!.id)))[0]?.status).toBe('pending')
    expect((await call(moderationPost, 'manager', 'POST', path, { action: 'publish' }, { id: String(r!.id) })).status).toBe(400)
    const ok = await call(moderationPost, 'manager', 'POST', path, { action: 'approve' }, { id: String(r!.id) })
    expect(await ok.json()).toMatchObject({ status: 'approved', message: 'Отзыв опубликован.' })
  })

  it('replies to a question by e-mail; an empty reply is 400 with the field', async () => {
    const [q] = await db().insert(questions).values({ kind: 'contact', theme: 'delivery', name: 'Олег', email: 'oleg@example.ru', message: 'Когда доставка?' }).returning()
    const path = `/api/admin/questions/${q!.id}/reply/`
    const empty = await call(replyPost, 'manager', 'POST', path, { text: ' ' }, { id: String(q!.id) })
    expect(empty.status).toBe(400)
    expect(JSON.stringify(await empty.json())).toContain('Напишите ответ.')
    const sent = await call(replyPost, 'manager', 'POST', path, { text: 'Завтра до 18:00.' }, { id: String(q!.id) })
    expect(sent.status).toBe(200)
    const { id } = (await sent.json()) as { id: number }
    const [mail] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `question-reply:${id}`))
    expect(mail?.payload).toMatchObject({ to: 'oleg@example.ru', subject: 'Витамаркет: ответ на ваше сообщение' })
  })

  it('exports subscribers as CSV for Excel: UTF-8 with a BOM and ;', async () => {
    await db()
      .insert(subscriptions)
      .values({ email: 'csv.reader@example.ru', page: '/', status: 'confirmed', confirmTokenHash: 'c'.repeat(64), unsubscribeTokenHash: 'd'.repeat(64) })
    const answer = await call(exportGet, 'manager', 'GET', '/api/admin/subscribers/export/?status=confirmed')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const bytes = new Uint8Array(await answer.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    expect(text.split('\r\n')[0]).toBe('E-mail;Статус;Страница;Промокод 10%;Подписался;Подтвердил;Отписался')
    expect(text).toContain('csv.reader@example.ru;Подписан;/;нет;')
    expect((await call(exportGet, 'warehouse', 'GET', '/api/admin/subscribers/export/')).status).toBe(403)
  })

  it('are described in the OpenAPI document', () => {
    const doc = openApiDocument(ADMIN_ENDPOINTS, 'http://shop.test') as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/customers',
        '/api/admin/customers/{id}',
        '/api/admin/customers/{id}/anonymise',
        '/api/admin/reviews',
        '/api/admin/reviews/{id}/moderation',
        '/api/admin/questions',
        '/api/admin/messages',
        '/api/admin/questions/{id}/reply',
        '/api/admin/b2b-requests',
        '/api/admin/webinar-registrations',
        '/api/admin/subscribers',
        '/api/admin/subscribers/export',
      ]),
    )
  })
})
