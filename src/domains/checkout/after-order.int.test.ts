import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as fastOrderPost } from '@/app/ajax/fast-order/route'
import { POST as registerMePost } from '@/app/ajax/MB-reg_me/route'
import { POST as subscriptionPost } from '@/app/ajax/order-subscriptions/route'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { basketLines, orders, subscriptions, users } from '@/db/schema'
import { SESSION_COOKIE, sessidFor } from '@/lib/session'
import { offerWithStock, visitorWithBasket } from '../../../tests/support/checkout'
import { formPost, newVisitor, setCookies, type Visitor } from '../../../tests/support/http'
import { signedInVisitor } from '../../../tests/support/reviews-fixtures'
import type { FastOrderAnswer } from './fast-order.server'

/** The calls the order pages make after an order: /ajax/MB-reg_me/ and /ajax/order-subscriptions/ (spec section 6). */

let skip = 0

/** A guest (or the given visitor) who has just placed a one-click order with this e-mail. */
async function orderedBy(email: string, account?: Visitor & { userId: number }): Promise<{ visitor: Visitor; orderId: number }> {
  const offer = await offerWithStock(50, skip++ % 10)
  if (account) await db().insert(basketLines).values({ userId: account.userId, offerId: offer.id, quantity: 1 })
  const buyer = account ?? (await visitorWithBasket([{ offerId: offer.id, quantity: 1 }]))
  const res = await fastOrderPost(
    formPost('/ajax/fast-order/', { UF_NAME: 'Мария Петрова', UF_CITY: 'Казань', UF_PHONE: '+7 (912) 000-11-22', UF_EMAIL: email }, buyer),
  )
  const body = (await res.json()) as FastOrderAnswer
  if (res.status !== 200) throw new Error(`fast order failed: ${JSON.stringify(body)}`)
  return { visitor: buyer, orderId: body.ORDER_ID }
}

async function registerMe(visitor: Visitor, fields: Record<string, string>) {
  const res = await registerMePost(formPost('/ajax/MB-reg_me/', fields, visitor))
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cookies: setCookies(res) }
}

async function subscribe(visitor: Visitor, fields: Record<string, string>) {
  const res = await subscriptionPost(formPost('/ajax/order-subscriptions/', { fullName: 'Мария Петрова', phone: '+79120001122', isSubscribed: 'Y', ...fields }, visitor))
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const mailsTo = (email: string) =>
  queryRows<{ subject: string; text: string }>(db(), sql`select payload->>'subject' as subject, payload->>'text' as text from outbox where payload->>'to' = ${email} order by id`)

describe('POST /ajax/MB-reg_me/', () => {
  it('gives the guest with a new e-mail an account, a set-password link by mail (never a password) and a session', async () => {
    const email = 'new.buyer@example.ru'
    const { visitor, orderId } = await orderedBy(email)
    const { status, body, cookies } = await registerMe(visitor, { orderId: String(orderId), subscribe: 'Y' })
    expect(status).toBe(200)
    expect(body).toEqual({ success: true })
    const [user] = await db().select().from(users).where(eq(users.email, email))
    expect(user).toMatchObject({ name: 'Мария Петрова', subscribed: true, passwordHash: null })
    const [order] = await db().select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId))
    expect(order?.userId).toBe(user!.id)
    const setPassword = (await mailsTo(email)).filter((m) => m.subject === 'Ваш личный кабинет: задайте пароль')
    expect(setPassword).toHaveLength(1)
    expect(setPassword[0]!.text).toMatch(/https?:\/\/\S+/)
    expect(setPassword[0]!.text).toContain('Пароль мы никогда не присылаем в письмах.')
    // The new account is signed in with a fresh session id (rotation), not the guest's.
    const session = cookies.get(SESSION_COOKIE)
    expect(session).toBeTruthy()
    expect(session).not.toBe(visitor.sessionId)

    // The guest's old session id is gone; from the new one, repeating changes nothing.
    expect((await registerMe(visitor, { orderId: String(orderId) })).status).toBe(404)
    const signedIn: Visitor = { sessionId: session!, sessid: sessidFor(session!), cookie: `${SESSION_COOKIE}=${session}` }
    const again = await registerMe(signedIn, { orderId: String(orderId) })
    expect(again.body).toEqual({ success: true })
    expect(again.cookies.has(SESSION_COOKIE)).toBe(false)
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1)
  })

  it('never signs in to an existing account (S5): same answer, no session, the order stays a guest order, no mail', async () => {
    const owner = await signedInVisitor()
    const { visitor, orderId } = await orderedBy(owner.email)
    const mailsBefore = (await mailsTo(owner.email)).length
    const { status, body, cookies } = await registerMe(visitor, { orderId: String(orderId), subscribe: 'Y' })
    expect(status).toBe(200)
    expect(body).toEqual({ success: true })
    expect(cookies.has(SESSION_COOKIE)).toBe(false)
    const [order] = await db().select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId))
    expect(order?.userId).toBeNull()
    expect((await mailsTo(owner.email)).length).toBe(mailsBefore)
    expect(await db().select().from(users).where(eq(users.email, owner.email))).toHaveLength(1)
  })

  it("refuses another visitor's order and an unknown one", async () => {
    const { orderId } = await orderedBy('someone@example.ru')
    for (const id of [orderId, orderId + 1000]) {
      const { status, body, cookies } = await registerMe(newVisitor(), { orderId: String(id) })
      expect(status).toBe(404)
      expect(body.error).toBe('Заказ не найден.')
      expect(cookies.has(SESSION_COOKIE)).toBe(false)
    }
    expect(await db().select().from(users).where(eq(users.email, 'someone@example.ru'))).toHaveLength(0)
  })
})

describe('POST /ajax/order-subscriptions/', () => {
  const rowsFor = (email: string) => db().select().from(subscriptions).where(eq(subscriptions.email, email))
  const confirmations = async (email: string) => (await mailsTo(email)).filter((m) => m.subject === 'Подтвердите подписку на рассылку')

  it("subscribes a guest's order e-mail to the newsletter with the double opt-in, once however often it is sent", async () => {
    const email = 'Guest.Reader@example.ru'
    const { visitor, orderId } = await orderedBy(email)
    for (let i = 0; i < 2; i++) {
      const { status, body } = await subscribe(visitor, { email })
      expect(status).toBe(200)
      expect(body).toEqual({ success: true })
    }
    const rows = await rowsFor(email.toLowerCase())
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ page: '/', status: 'pending', userId: null })
    expect(await confirmations(email.toLowerCase())).toHaveLength(1)
    const [order] = await db().select({ props: orders.props }).from(orders).where(eq(orders.id, orderId))
    expect(order?.props.SUBSCRIBE).toBe('Y')
  })

  it("subscribes a signed-in buyer's order e-mail, linked to the account", async () => {
    const buyer = await signedInVisitor()
    await orderedBy(buyer.email, buyer)
    const { status } = await subscribe(buyer, { email: buyer.email })
    expect(status).toBe(200)
    const rows = await rowsFor(buyer.email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ page: '/', status: 'pending', userId: buyer.userId })
  })

  it('refuses an e-mail without an order of this visitor, and an order of another visitor; nothing is stored', async () => {
    const { visitor } = await orderedBy('own@example.ru')
    const stranger = await subscribe(visitor, { email: 'stranger@example.ru' })
    expect(stranger.status).toBe(403)
    expect(stranger.body.error).toBe('Подписаться из оформления заказа можно только после заказа.')
    const otherVisitor = await subscribe(newVisitor(), { email: 'own@example.ru' })
    expect(otherVisitor.status).toBe(403)
    expect(await rowsFor('stranger@example.ru')).toHaveLength(0)
    expect(await rowsFor('own@example.ru')).toHaveLength(0)
    expect(await confirmations('own@example.ru')).toHaveLength(0)

    // Negative control: the owner of the order may.
    expect((await subscribe(visitor, { email: 'own@example.ru' })).status).toBe(200)
    expect(await db().select().from(subscriptions).where(and(eq(subscriptions.email, 'own@example.ru'), eq(subscriptions.page, '/')))).toHaveLength(1)
  })

  it('needs the consent box', async () => {
    const { visitor } = await orderedBy('consent@example.ru')
    const { status } = await subscribe(visitor, { email: 'consent@example.ru', isSubscribed: 'N' })
    expect(status).toBe(400)
    expect(await rowsFor('consent@example.ru')).toHaveLength(0)
  })
})
