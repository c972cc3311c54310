import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as deletePost } from '@/app/ajax/account-delete/route'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { basketLines, favorites, offers, orders, products, reviews, sessions, subscriptions, userAddresses, users } from '@/db/schema'
import { createOrder, type NewOrder } from '@/domains/orders/orders.server'
import { findSession } from '@/domains/session/session.server'
import { SESSION_COOKIE } from '@/lib/session'
import { databaseFingerprint } from '../support/db-snapshot'
import { offerWithStock } from '../support/checkout'
import { newVisitor, type Visitor } from '../support/http'
import { GOOD_PASSWORD, call, loggedIn, registered } from './kit'

/** ADR 100: deleting the account erases the person (152-ФЗ), keeps their orders anonymised, signs out. */

async function person(): Promise<{ visitor: Visitor; userId: number; email: string }> {
  const { visitor, email } = await registered({ name: 'Анна' })
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error('no user')
  return { visitor, userId: row.id, email }
}

async function placed(userId: number, email: string, over: Partial<NewOrder> = {}, offerId: number | null = null): Promise<number> {
  return db().transaction((tx) =>
    createOrder(
      tx,
      {
        userId,
        status: 'delivered',
        email,
        buyerName: 'Анна Иванова',
        phone: '+7 (912) 345-67-89',
        address: 'Москва, ул. Тверская, д. 1, кв. 5',
        comment: 'Позвонить за час',
        props: { PROP_NAME: 'Анна', PROP_EMAIL: email, PROP_PHONE: '+7 (912) 345-67-89', PROP_ADDRESS: 'Москва, ул. Тверская, д. 1', FITO_ID: 'ФТ-7', LOCATION: 'moskva' },
        paySystemCode: 'cash',
        paySystemName: 'Наличными или картой при получении',
        deliveryId: '4',
        deliveryName: 'Курьер',
        basePrice: 90_000,
        goodsPrice: 90_000,
        total: 95_000,
        deliveryPrice: 5_000,
        paymentToken: `tok${Math.random().toString(36).slice(2)}abcdefghijklmnop`,
        ...over,
      },
      [{ offerId, name: 'Омега-3', quantity: 2, basePrice: 45_000, price: 45_000, sum: 90_000 }],
      null,
    ),
  )
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db(), query)
  return row?.n ?? 0
}

describe('POST /ajax/account-delete/', () => {
  it('erases the profile, addresses, sessions, basket, favourites, subscriptions; keeps orders without the person; signs out', async () => {
    const me = await person()
    const otherDevice = (await loggedIn(me.email, GOOD_PASSWORD)).visitor
    const offer = await offerWithStock(10, 80)
    const [product] = await db().select({ id: products.id }).from(products).limit(1)
    await db().insert(userAddresses).values({ userId: me.userId, position: 0, address: 'Москва, ул. Тверская, д. 1' })
    await db().insert(basketLines).values({ userId: me.userId, offerId: offer.id, quantity: 1 })
    await db().insert(favorites).values({ userId: me.userId, productId: product?.id ?? 0 })
    await db().insert(subscriptions).values({ email: me.email, page: 'main', status: 'confirmed', confirmTokenHash: `c${me.userId}`.padEnd(64, '0'), unsubscribeTokenHash: `u${me.userId}`.padEnd(64, '0') })
    await db().insert(reviews).values({ productId: product?.id ?? 0, userId: me.userId, source: 'native', authorName: 'Анна Иванова', rating: 5, text: 'Хорошо', status: 'approved' })
    const delivered = await placed(me.userId, me.email)
    const unpaid = await placed(me.userId, me.email, { status: 'awaiting_payment', paySystemCode: 'card' }, offer.id)
    await db().update(offers).set({ stock: 8 }).where(eq(offers.id, offer.id))
    const otherPerson = await person()
    const theirs = await placed(otherPerson.userId, otherPerson.email)

    const answer = await call(deletePost, '/ajax/account-delete/', { CONFIRM: 'Y', PASS: GOOD_PASSWORD }, me.visitor)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ status: 'success', message: 'Аккаунт удалён. Ваши личные данные стёрты.' })

    // Signed out here and on the other device; the browser got a new cookie with no account behind it.
    const fresh = answer.cookies.get(SESSION_COOKIE)
    expect(fresh).toBeTruthy()
    expect(fresh).not.toBe(me.visitor.sessionId)
    expect(await findSession(db(), fresh ?? '')).toBeNull()
    expect(await findSession(db(), me.visitor.sessionId)).toBeNull()
    expect(await findSession(db(), otherDevice.sessionId)).toBeNull()
    expect((await loggedIn(me.email, GOOD_PASSWORD)).answer.status).toBe(403)

    expect(await db().select().from(users).where(eq(users.id, me.userId))).toEqual([])
    expect(await db().select().from(sessions).where(eq(sessions.userId, me.userId))).toEqual([])
    expect(await db().select().from(userAddresses).where(eq(userAddresses.userId, me.userId))).toEqual([])
    expect(await db().select().from(basketLines).where(eq(basketLines.userId, me.userId))).toEqual([])
    expect(await db().select().from(favorites).where(eq(favorites.userId, me.userId))).toEqual([])
    expect(await db().select().from(subscriptions).where(eq(subscriptions.email, me.email))).toEqual([])
    const [review] = await db().select().from(reviews).where(eq(reviews.text, 'Хорошо'))
    expect(review).toMatchObject({ authorName: 'Покупатель', email: '', userId: null, status: 'approved' })

    // Orders stay for accounting, without a trace of the person; the unpaid one was cancelled first.
    const kept = await db().select().from(orders).where(eq(orders.id, delivered))
    expect(kept[0]).toMatchObject({ userId: null, sessionId: null, buyerName: '', email: '', phone: '', address: '', comment: '', total: 95_000, status: 'delivered' })
    expect(kept[0]?.props).toEqual({ FITO_ID: 'ФТ-7', LOCATION: 'moskva' })
    const [cancelled] = await db().select().from(orders).where(eq(orders.id, unpaid))
    expect(cancelled).toMatchObject({ status: 'cancelled', email: '' })
    expect((await db().select({ stock: offers.stock }).from(offers).where(eq(offers.id, offer.id)))[0]?.stock).toBe(10)
    expect(await count(sql`select count(*)::int as n from order_lines where order_id = ${delivered}`)).toBe(1)
    // Nothing in the database still names the person.
    expect(await count(sql`select count(*)::int as n from orders where email = ${me.email} or props::text like ${`%${me.email}%`}`)).toBe(0)
    expect(await count(sql`select count(*)::int as n from outbox where payload->>'to' = ${me.email} and status <> 'pending'`)).toBe(0)
    // Someone else's order is untouched.
    expect((await db().select().from(orders).where(eq(orders.id, theirs)))[0]).toMatchObject({ email: otherPerson.email, buyerName: 'Анна Иванова' })
  })

  it('refuses a wrong or missing password and a paid order not yet received, changing nothing', async () => {
    const me = await person()
    const before = await databaseFingerprint()
    expect((await call(deletePost, '/ajax/account-delete/', { CONFIRM: 'Y', PASS: 'Не-тот-пароль-1' }, me.visitor)).body.error).toBe('Пароль указан неверно.')
    expect((await call(deletePost, '/ajax/account-delete/', { CONFIRM: 'Y' }, me.visitor)).status).toBe(400)
    expect((await call(deletePost, '/ajax/account-delete/', { PASS: GOOD_PASSWORD }, me.visitor)).status).toBe(400)
    expect((await call(deletePost, '/ajax/account-delete/', { CONFIRM: 'Y', PASS: GOOD_PASSWORD }, newVisitor())).status).toBe(403)
    const after = await databaseFingerprint()
    // Only the password-guess counter may move: it is the throttle working.
    expect(Object.keys(after).filter((table) => after[table] !== before[table] && table !== 'auth_throttle')).toEqual([])

    const shipping = await placed(me.userId, me.email, { status: 'shipped' })
    const refused = await call(deletePost, '/ajax/account-delete/', { CONFIRM: 'Y', PASS: GOOD_PASSWORD }, me.visitor)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe(`Удалить аккаунт пока нельзя: заказ №${shipping} ещё в работе. Это можно будет сделать после его получения.`)
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, me.userId))).toHaveLength(1)
  })
})
