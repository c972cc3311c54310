import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { POST as cancelPost } from '@/app/ajax/order-cancel/route'
import { POST as repeatPost } from '@/app/ajax/order-repeat/route'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { basketLines, offers, orders, users } from '@/db/schema'
import { createOrder, type NewOrder } from '@/domains/orders/orders.server'
import { formatRub } from '@/lib/money'
import { offerWithStock } from '../support/checkout'
import { newVisitor, type Visitor } from '../support/http'
import { call, registered } from './kit'
import { setIntegrityGuards } from '../support/test-hooks'

/** ADR 100: 'Повторить заказ' and the buyer's cancel of an unpaid order, through their POST routes. */
afterEach(() => setIntegrityGuards('reset'))

async function buyer(): Promise<{ visitor: Visitor; userId: number; email: string }> {
  const { visitor, email } = await registered()
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error('no user')
  return { visitor, userId: row.id, email }
}

interface Line {
  offerId: number | null
  name: string
  quantity: number
  price: number
  isGift?: 'Y' | 'N'
}

async function placed(userId: number, lines: Line[], over: Partial<NewOrder> = {}): Promise<number> {
  const sum = lines.reduce((n, l) => n + l.price * l.quantity, 0)
  return db().transaction((tx) =>
    createOrder(
      tx,
      {
        userId,
        status: 'new',
        email: `order${userId}@example.ru`,
        buyerName: 'Анна',
        paySystemCode: 'cash',
        paySystemName: 'Наличными или картой при получении',
        deliveryId: '1',
        deliveryName: 'Пункты выдачи СДЭК',
        basePrice: sum,
        goodsPrice: sum,
        total: sum,
        paymentToken: `tok${Math.random().toString(36).slice(2)}abcdefghijklmnop`,
        ...over,
      },
      lines.map((l) => ({ offerId: l.offerId, name: l.name, quantity: l.quantity, basePrice: l.price, price: l.price, sum: l.price * l.quantity, isGift: l.isGift ?? 'N' })),
      null,
    ),
  )
}

async function basketOf(userId: number): Promise<Map<number, number>> {
  const rows = await db().select().from(basketLines).where(eq(basketLines.userId, userId))
  return new Map(rows.map((r) => [r.offerId, r.quantity]))
}

async function stockOf(offerId: number): Promise<number | null | undefined> {
  const [row] = await db().select({ stock: offers.stock }).from(offers).where(eq(offers.id, offerId))
  return row?.stock
}

async function cancelMails(orderId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from outbox where payload->>'subject' = ${`Заказ №${orderId} отменён`}`)
  return row?.n ?? 0
}

describe('POST /ajax/order-repeat/', () => {
  it('puts the lines back at today’s prices, cut to stock, and names what is gone or changed', async () => {
    const me = await buyer()
    const plenty = await offerWithStock(50, 70)
    const scarce = await offerWithStock(2, 71)
    const retired = await offerWithStock(10, 72)
    await db().update(offers).set({ active: false }).where(eq(offers.id, retired.id))
    const order = await placed(me.userId, [
      { offerId: plenty.id, name: plenty.name, quantity: 3, price: plenty.price - 100 },
      { offerId: scarce.id, name: scarce.name, quantity: 5, price: scarce.price },
      { offerId: retired.id, name: retired.name, quantity: 1, price: retired.price },
      { offerId: null, name: 'Снятый с продажи чай', quantity: 1, price: 10_000 },
      { offerId: plenty.id, name: 'Подарок', quantity: 1, price: 0, isGift: 'Y' },
    ])
    // The basket already holds one of them: the repeat adds on top.
    await db().insert(basketLines).values({ userId: me.userId, offerId: plenty.id, quantity: 1 })

    const answer = await call(repeatPost, '/ajax/order-repeat/', { ORDER_ID: String(order) }, me.visitor)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ status: 'success', added: 5, message: 'Товары добавлены в корзину. В корзине действуют текущие цены.' })
    expect(answer.body.notes).toEqual([
      `Цена «${plenty.name}» изменилась: было ${formatRub(plenty.price - 100)}, сейчас ${formatRub(plenty.price)}.`,
      `«${scarce.name}»: в наличии меньше, чем в заказе — добавлено 2 шт. из 5.`,
      `«${retired.name}» больше не продаётся.`,
      '«Снятый с продажи чай» больше не продаётся.',
    ])
    expect(await basketOf(me.userId)).toEqual(new Map([[plenty.id, 4], [scarce.id, 2]]))
    const cart = answer.body.cart as { Count: number; Products: { id: number; price: number }[] }
    expect(cart.Count).toBe(6)
    expect(cart.Products.find((p) => p.id === plenty.id)?.price).toBe(plenty.price / 100)

    // Repeating again adds only what stock still allows.
    const again = await call(repeatPost, '/ajax/order-repeat/', { ORDER_ID: String(order) }, me.visitor)
    expect(again.body.notes).toContain(`«${scarce.name}» уже в корзине в наибольшем доступном количестве.`)
    expect((await basketOf(me.userId)).get(scarce.id)).toBe(2)
  })

  it('says so when nothing can be bought, and answers 404 for someone else’s order or a guest', async () => {
    const me = await buyer()
    const sold = await offerWithStock(0, 73)
    const order = await placed(me.userId, [{ offerId: sold.id, name: sold.name, quantity: 1, price: sold.price }])
    const answer = await call(repeatPost, '/ajax/order-repeat/', { ORDER_ID: String(order) }, me.visitor)
    expect(answer.body).toMatchObject({ added: 0, message: 'Ни один товар из этого заказа сейчас нельзя купить.', notes: [`«${sold.name}» нет в наличии.`] })

    const stranger = await buyer()
    expect((await call(repeatPost, '/ajax/order-repeat/', { ORDER_ID: String(order) }, stranger.visitor)).status).toBe(404)
    expect((await call(repeatPost, '/ajax/order-repeat/', { ORDER_ID: String(order) }, newVisitor())).status).toBe(404)
    expect((await call(repeatPost, '/ajax/order-repeat/', { ORDER_ID: '0' }, me.visitor)).status).toBe(400)
    expect(await basketOf(stranger.userId)).toEqual(new Map())
  })
})

describe('POST /ajax/order-cancel/', () => {
  it('cancels an unpaid order: stock back, the buyer mailed, the history shows it cancelled', async () => {
    const me = await buyer()
    const offer = await offerWithStock(10, 74)
    const order = await placed(me.userId, [{ offerId: offer.id, name: offer.name, quantity: 3, price: offer.price }], { status: 'awaiting_payment', paySystemCode: 'card' })
    await db().update(offers).set({ stock: 7 }).where(eq(offers.id, offer.id)) // as the checkout left it
    const answer = await call(cancelPost, '/ajax/order-cancel/', { ORDER_ID: String(order) }, me.visitor)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ status: 'success', message: `Заказ №${order} отменён.`, statusName: 'Отменён' })
    expect(await stockOf(offer.id)).toBe(10)
    expect(await cancelMails(order)).toBe(1)
  })

  it('refuses a paid order and someone else’s, changing nothing', async () => {
    const me = await buyer()
    const offer = await offerWithStock(10, 75)
    const paid = await placed(me.userId, [{ offerId: offer.id, name: offer.name, quantity: 1, price: offer.price }], { status: 'paid', paidAt: new Date() })
    const refused = await call(cancelPost, '/ajax/order-cancel/', { ORDER_ID: String(paid) }, me.visitor)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe(`Заказ №${paid} в статусе «Оплачен» отменить нельзя. Если он вам больше не нужен, напишите или позвоните нам.`)
    const unpaid = await placed(me.userId, [{ offerId: offer.id, name: offer.name, quantity: 1, price: offer.price }])
    const stranger = await buyer()
    expect((await call(cancelPost, '/ajax/order-cancel/', { ORDER_ID: String(unpaid) }, stranger.visitor)).status).toBe(404)
    const rows = await db().select({ status: orders.status }).from(orders).where(eq(orders.userId, me.userId))
    expect(rows.map((r) => r.status).sort()).toEqual(['new', 'paid'])
    expect(await stockOf(offer.id)).toBe(10)
  })

  async function racedCancels(skip: number) {
    const me = await buyer()
    const offer = await offerWithStock(10, skip)
    const order = await placed(me.userId, [{ offerId: offer.id, name: offer.name, quantity: 4, price: offer.price }])
    await db().update(offers).set({ stock: 6 }).where(eq(offers.id, offer.id))
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(cancelPost, '/ajax/order-cancel/', { ORDER_ID: String(order) }, me.visitor)))
    return { answers, stock: await stockOf(offer.id), mails: await cancelMails(order) }
  }

  it('R7: five presses at once all answer "cancelled", and stock comes back exactly once', async () => {
    const { answers, stock, mails } = await racedCancels(76)
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(stock).toBe(10)
    expect(mails).toBe(1)
  })

  it('negative control: without the conditional status update the same presses give stock back more than once', async () => {
    setIntegrityGuards({ statusOnce: false })
    const { stock } = await racedCancels(77)
    expect(stock).toBeGreaterThan(10)
  })
})
