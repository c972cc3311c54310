import { eq, inArray, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { GET, POST } from '@/app/ajax/fast-order/route'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { deliveryServices, offers, orderLines, orders, settings } from '@/db/schema'
import { MAX_ITEMS_PER_ORDER, MAX_LINE_WITHOUT_STOCK } from '@/domains/cart/cart-limits'
import { clearCache } from '@/lib/cache'
import { sessionTokenHash } from '@/lib/session'
import { offerWithStock, visitorWithBasket } from '../../../tests/support/checkout'
import { formPost, newVisitor, type Visitor } from '../../../tests/support/http'
import { CHECKOUT_MESSAGES } from './checkout'
import { ONE_CLICK_MESSAGES } from './one-click'
import { HOLIDAY_MESSAGES_KEY, oneClickHolidayNotice, type FastOrderAnswer } from './fast-order.server'
import { setClock } from '../../../tests/support/test-hooks'

/** POST /ajax/fast-order/ through its route: the one-click order of the whole cart (spec sections 5, 6). */

const FORM = { UF_NAME: 'Анна Иванова', UF_CITY: 'Москва', UF_PHONE: '+7 (912) 345-67-89', UF_EMAIL: 'anna.fast@example.ru' }

async function fastOrder(visitor: Visitor, fields: Record<string, string> = FORM) {
  const res = await POST(formPost('/ajax/fast-order/', fields, visitor))
  return { status: res.status, body: (await res.json()) as FastOrderAnswer & { error?: string } }
}

const orderCount = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from orders`))[0]?.n ?? -1
/** The visitor's basket lines (by the session of its cookie). */
const basketOf = (visitor: Visitor) =>
  queryRows<{ offerId: number; quantity: number }>(
    db(),
    sql`select b.offer_id as "offerId", b.quantity from basket_lines b join sessions s on s.id = b.session_id
        where s.token_hash = ${sessionTokenHash(visitor.sessionId)} order by b.id`,
  )
const stockOf = async (ids: number[]) =>
  new Map((await db().select({ id: offers.id, stock: offers.stock }).from(offers).where(inArray(offers.id, ids))).map((r) => [r.id, r.stock]))

/** Offers without a stock limit (a line holds up to 100), priced so two lines pass the minimum sum. */
async function unlimitedOffers(count: number, skip: number): Promise<{ id: number; name: string }[]> {
  const rows = await queryRows<{ id: number; name: string }>(
    db(),
    sql`select o.id, p.name from offers o join products p on p.id = o.product_id
        where o.active and p.active and o.price >= 30000 order by o.id desc offset ${skip} limit ${count}`,
  )
  if (rows.length < count) throw new Error('not enough offers in the seed')
  await db().update(offers).set({ stock: null }).where(inArray(offers.id, rows.map((r) => r.id)))
  return rows
}

afterEach(() => {
  setClock(null)
  clearCache()
})

describe('POST /ajax/fast-order/ validation (spec section 5, one-click form)', () => {
  it.each([
    ['an empty name', { UF_NAME: '' }, 'Заполните поле "Имя и фамилия"'],
    ['a name in Latin letters', { UF_NAME: 'Anna' }, 'Заполните поле "Имя и фамилия"'],
    ['an empty city', { UF_CITY: ' ' }, 'Заполните поле "Населенный пункт"'],
    ['a city with punctuation', { UF_CITY: 'Москва!' }, 'Заполните поле "Населенный пункт"'],
    ['an empty phone', { UF_PHONE: '' }, 'Заполните поле "Контактный телефон"'],
    ['a phone of 10 digits', { UF_PHONE: '+7 (912) 345-67-8' }, 'Введите корректный телефон.'],
    ['a malformed e-mail', { UF_EMAIL: 'anna@example' }, 'Заполните поле "Email-адрес"'],
  ])('refuses %s with the form alert and writes nothing', async (_, override, message) => {
    const offer = await offerWithStock(20)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    const before = await orderCount()
    const { status, body } = await fastOrder(visitor, { ...FORM, ...override })
    expect(status).toBe(400)
    expect(body.error).toBe(message)
    expect(await orderCount()).toBe(before)
    expect((await stockOf([offer.id])).get(offer.id)).toBe(20)
  })

  it('the server and the modal alert the same texts', () => {
    expect([ONE_CLICK_MESSAGES.name, ONE_CLICK_MESSAGES.city, ONE_CLICK_MESSAGES.phone, ONE_CLICK_MESSAGES.badPhone, ONE_CLICK_MESSAGES.email]).toEqual([
      'Заполните поле "Имя и фамилия"',
      'Заполните поле "Населенный пункт"',
      'Заполните поле "Контактный телефон"',
      'Введите корректный телефон.',
      'Заполните поле "Email-адрес"',
    ])
  })

  it('refuses an empty basket', async () => {
    const { status, body } = await fastOrder(newVisitor())
    expect(status).toBe(400)
    expect(body.error).toBe('Ваша корзина пуста')
  })
})

describe('POST /ajax/fast-order/ order', () => {
  it('creates a real order of the whole cart: stock taken, basket cleared, mails queued, DATALAYER_DATA', async () => {
    const first = await offerWithStock(9, 0)
    const second = await offerWithStock(5, 1)
    const visitor = await visitorWithBasket([
      { offerId: first.id, quantity: 2 },
      { offerId: second.id, quantity: 1 },
    ])
    const { status, body } = await fastOrder(visitor)
    expect(status, JSON.stringify(body)).toBe(200)
    const goods = first.price * 2 + second.price
    const [order] = await db().select().from(orders).where(eq(orders.id, body.ORDER_ID))
    expect(order).toMatchObject({
      source: 'one-click',
      status: 'new',
      buyerName: FORM.UF_NAME,
      locationName: FORM.UF_CITY,
      phone: FORM.UF_PHONE,
      email: FORM.UF_EMAIL,
      goodsPrice: goods,
      total: goods,
      deliveryPrice: 0,
    })
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, body.ORDER_ID)).orderBy(orderLines.offerId)
    expect(lines.map((l) => [l.offerId, l.quantity, l.sum])).toEqual(
      [
        [first.id, 2, first.price * 2],
        [second.id, 1, second.price],
      ].sort((a, b) => a[0]! - b[0]!),
    )
    const stock = await stockOf([first.id, second.id])
    expect([stock.get(first.id), stock.get(second.id)]).toEqual([7, 4])
    expect(await basketOf(visitor)).toEqual([])
    const mails = await queryRows<{ to: string; subject: string }>(db(), sql`select payload->>'to' as to, payload->>'subject' as subject from outbox`)
    expect(mails).toContainEqual({ to: FORM.UF_EMAIL, subject: `Заказ №${body.ORDER_ID} принят` })
    expect(mails.map((m) => m.subject)).toContain(`Новый заказ в 1 клик №${body.ORDER_ID}`)

    expect(body.DATALAYER_DATA.value).toBe(goods / 100)
    expect(body.DATALAYER_DATA.currency).toBe('RUB')
    expect(body.DATALAYER_DATA.transaction_id).toBe(String(body.ORDER_ID))
    expect(body.DATALAYER_DATA.items.map((i) => [Number(i.item_id), i.item_name, i.price, i.quantity]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [
        [first.id, first.name, first.price / 100, 2],
        [second.id, second.name, second.price / 100, 1],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    )
    // The basket is empty now: a second click does not order again.
    const again = await fastOrder(visitor)
    expect(again.status).toBe(400)
    expect(await db().select().from(orders).where(eq(orders.email, FORM.UF_EMAIL))).toHaveLength(1)
  })

  it('refuses a line over its stock with the checkout message', async () => {
    const offer = await offerWithStock(3, 2)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 4 }])
    const before = await orderCount()
    const { status, body } = await fastOrder(visitor)
    expect(status).toBe(400)
    expect(body.error).toBe(CHECKOUT_MESSAGES.outOfStock(offer.name))
    expect(await orderCount()).toBe(before)
  })

  it(`refuses more than ${MAX_ITEMS_PER_ORDER} items with the cart message; ${MAX_ITEMS_PER_ORDER} exactly is ordered`, async () => {
    const [a, b] = await unlimitedOffers(2, 0)
    const over = await visitorWithBasket([
      { offerId: a!.id, quantity: MAX_LINE_WITHOUT_STOCK },
      { offerId: b!.id, quantity: MAX_ITEMS_PER_ORDER - MAX_LINE_WITHOUT_STOCK + 1 },
    ])
    const before = await orderCount()
    const refused = await fastOrder(over)
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe(
      'Вы превысили максимально допустимое кол-во товаров. Пожалуйста, разделите свой заказ на несколько заказов. Количество товаров не должно превышать 125 шт.',
    )
    expect(await orderCount()).toBe(before)
    expect(await basketOf(over)).toHaveLength(2)

    // Negative control: one item fewer is a valid one-click order.
    const atLimit = await visitorWithBasket([
      { offerId: a!.id, quantity: MAX_LINE_WITHOUT_STOCK },
      { offerId: b!.id, quantity: MAX_ITEMS_PER_ORDER - MAX_LINE_WITHOUT_STOCK },
    ])
    const placed = await fastOrder(atLimit, { ...FORM, UF_EMAIL: 'limit@example.ru' })
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    expect(placed.body.DATALAYER_DATA.items.reduce((n, i) => n + i.quantity, 0)).toBe(MAX_ITEMS_PER_ORDER)
  })

  it('refuses a basket with an item without a price instead of dropping it; ordered once the price is back', async () => {
    const priced = await offerWithStock(10, 3)
    const unpriced = await offerWithStock(10, 4)
    const visitor = await visitorWithBasket([
      { offerId: priced.id, quantity: 1 },
      { offerId: unpriced.id, quantity: 1 },
    ])
    await db().update(offers).set({ price: 0 }).where(eq(offers.id, unpriced.id))
    const before = await orderCount()
    const refused = await fastOrder(visitor)
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('В корзине есть товары без цены. Удалите их, чтобы оформить заказ.')
    expect(await orderCount()).toBe(before)
    expect([...(await stockOf([priced.id, unpriced.id])).values()]).toEqual([10, 10])

    // Withdrawn from sale counts as without a price too.
    await db().update(offers).set({ price: unpriced.price, active: false }).where(eq(offers.id, unpriced.id))
    expect((await fastOrder(visitor)).body.error).toBe(CHECKOUT_MESSAGES.noPrice)

    await db().update(offers).set({ active: true }).where(eq(offers.id, unpriced.id))
    const placed = await fastOrder(visitor)
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    expect(placed.body.DATALAYER_DATA.items).toHaveLength(2)
  })

  it('refuses a basket below the minimum order sum setting with the cart message', async () => {
    const offer = await offerWithStock(10, 5)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    const [seeded] = await db().select({ value: settings.value }).from(settings).where(eq(settings.key, 'minOrderSum'))
    await db().update(settings).set({ value: offer.price + 100 }).where(eq(settings.key, 'minOrderSum'))
    clearCache()
    const before = await orderCount()
    const refused = await fastOrder(visitor)
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe(`Минимальная сумма для заказа составляет ${(offer.price + 100) / 100} рублей`)
    expect(await orderCount()).toBe(before)

    await db().update(settings).set({ value: offer.price }).where(eq(settings.key, 'minOrderSum'))
    clearCache()
    expect((await fastOrder(visitor)).status).toBe(200)
    await db().update(settings).set({ value: seeded?.value ?? 0 }).where(eq(settings.key, 'minOrderSum'))
  })
})

const holidaySetting = async () => {
  const [row] = await db().select({ value: settings.value }).from(settings).where(eq(settings.key, HOLIDAY_MESSAGES_KEY))
  return row?.value as { start: string; thanks: string }
}

describe('POST /ajax/fast-order/ thanks text (spec section 9: holiday notice 31 Dec – 2 Jan)', () => {
  it.each([
    ['on 30 Dec, Moscow time', '2024-12-30T20:59:59Z', false],
    ['from the first moment of 31 Dec, Moscow time', '2024-12-30T21:00:00Z', true],
    ['on 1 Jan', '2025-01-01T12:00:00Z', true],
    ['until the end of 2 Jan, Moscow time', '2025-01-02T20:59:59Z', true],
    ['from 3 Jan, Moscow time', '2025-01-02T21:00:00Z', false],
  ])('answers the %s text', async (_, iso, holiday) => {
    setClock(() => new Date(iso))
    const offer = await offerWithStock(10, 6)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    const { status, body } = await fastOrder(visitor)
    expect(status, JSON.stringify(body)).toBe(200)
    const { thanks } = await holidaySetting()
    expect(thanks).toContain('3 января')
    expect(body.MESSAGE).toBe(holiday ? thanks : ONE_CLICK_MESSAGES.thanks)
  })
})

describe('the fallback form start message (spec section 2)', () => {
  it('says when the manager calls and, with no order yet, never that the order is taken', async () => {
    setClock(() => new Date('2025-01-01T12:00:00Z'))
    const start = await oneClickHolidayNotice()
    expect(start).toContain('3 января')
    expect(start).not.toContain('Заказ принят')
    expect(start).toBe((await holidaySetting()).start)
  })

  it('is not shown outside the window', async () => {
    setClock(() => new Date('2025-01-02T21:00:00Z'))
    expect(await oneClickHolidayNotice()).toBeNull()
  })
})

describe('GET /ajax/fast-order/ (spec section 3: the one-click area\'s deliveries)', () => {
  it('lists every delivery with name, description and whether it is active', async () => {
    const [courier] = await db().select().from(deliveryServices).where(eq(deliveryServices.handler, 'courier'))
    expect(courier).toBeDefined()
    await db().update(deliveryServices).set({ active: false }).where(eq(deliveryServices.id, courier!.id))
    clearCache()
    const res = await GET(new Request('http://localhost:3000/ajax/fast-order/'))
    expect(res.status).toBe(200)
    const { deliveries } = (await res.json()) as { deliveries: { name: string; description: string; active: boolean }[] }
    const all = await db().select().from(deliveryServices)
    expect(deliveries).toHaveLength(all.length)
    expect(deliveries).toContainEqual({ name: courier!.name, description: courier!.description, active: false })
    expect(deliveries.filter((d) => d.active).map((d) => d.name)).toEqual(
      all.filter((d) => d.active).sort((a, b) => a.sort - b.sort || a.id - b.id).map((d) => d.name),
    )
    await db().update(deliveryServices).set({ active: true }).where(eq(deliveryServices.id, courier!.id))
    clearCache()
  })
})
