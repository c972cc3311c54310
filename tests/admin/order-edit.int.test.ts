import { and, desc, eq, inArray } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { editOrderLines } from '@/admin/api/order-edit'
import { POST as fastOrder } from '@/app/ajax/fast-order/route'
import { db } from '@/db/client'
import { auditLog, courierSlotLoad, courierWindows, deliveryServices, offers, orderLines, orders, paymentRefunds, payments } from '@/db/schema'
import { DELIVERY_MESSAGES } from '@/domains/delivery/delivery'
import { quoteDeliveryChoice } from '@/domains/delivery/delivery.server'
import { SURCHARGE_MESSAGES } from '@/domains/payment/surcharge'
import { signCallback, type CallbackPayload } from '@/domains/payment/payment'
import { applyCallback, callbackSecret } from '@/domains/payment/payment.server'
import { checkout, offerWithStock, orderFields, paidCardOrder, paySystemId, pickupPoint, visitorWithBasket } from '../support/checkout'
import { setClock } from '../support/test-hooks'
import { databaseFingerprint } from '../support/db-snapshot'
import { slotLoad } from '../support/order-edit'
import { formPost } from '../support/http'
import { callEndpoint, signedInStaff } from '../support/staff'

const FORM = { UF_NAME: 'Анна Иванова', UF_CITY: 'Москва', UF_PHONE: '+7 (912) 345-67-89', UF_EMAIL: 'anna@example.ru' }

/** A one-click order of two offers (2 and 1 pieces), both with tracked stock of 10 before the order. */
async function placedOrder() {
  const a = await offerWithStock(10, 0)
  const b = await offerWithStock(10, 1)
  const response = await fastOrder(formPost('/ajax/fast-order/', FORM, await visitorWithBasket([{ offerId: a.id, quantity: 2 }, { offerId: b.id, quantity: 1 }])))
  expect(response.status).toBe(200)
  const [order] = await db().select().from(orders).where(eq(orders.email, FORM.UF_EMAIL)).orderBy(desc(orders.id)).limit(1)
  const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order!.id)).orderBy(orderLines.id)
  return { order: order!, lines, a, b }
}
const stock = async (...ids: number[]) => new Map((await db().select({ id: offers.id, stock: offers.stock }).from(offers).where(inArray(offers.id, ids))).map((r) => [r.id, r.stock]))

describe('editing an order before it ships', () => {
  it('changes quantities, removes and adds lines with stock and totals in step, and audits it', async () => {
    const manager = await signedInStaff('manager')
    const { order, lines, a, b } = await placedOrder()
    const c = await offerWithStock(5, 2)
    expect(await stock(a.id, b.id)).toEqual(new Map([[a.id, 8], [b.id, 9]]))
    const lineA = lines.find((l) => l.offerId === a.id)!
    const lineB = lines.find((l) => l.offerId === b.id)!

    const response = await callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { lines: [{ id: lineA.id, quantity: 3 }, { id: lineB.id, quantity: 0 }], add: [{ offerId: c.id, quantity: 2 }] } })
    expect(response.status, await response.clone().text()).toBe(200)

    expect(await stock(a.id, b.id, c.id)).toEqual(new Map([[a.id, 7], [b.id, 10], [c.id, 3]]))
    const after = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id))
    expect(after.map((l) => [l.offerId, l.quantity, l.sum]).sort()).toEqual([[a.id, 3, lineA.price * 3], [c.id, 2, c.price * 2]].sort())
    const [edited] = await db().select().from(orders).where(eq(orders.id, order.id))
    const goods = lineA.price * 3 + c.price * 2
    expect(edited).toMatchObject({ goodsPrice: goods, total: goods + order.deliveryPrice })
    expect(await response.json()).toEqual({ total: goods + order.deliveryPrice, refunded: 0, due: 0 })
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.objectId, String(order.id)))
    expect(entry).toMatchObject({ objectType: 'order', action: 'edit', staffId: manager.id })
  })

  it('refuses more than the stock holds, a shipped or paid order, and an empty order, changing nothing', async () => {
    const manager = await signedInStaff('manager')
    const { order, lines, a } = await placedOrder()
    const edit = (body: unknown) => callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body })
    const before = await databaseFingerprint()

    const short = await edit({ lines: [{ id: lines[0]!.id, quantity: 50 }] })
    expect(short.status).toBe(409)
    expect(((await short.json()) as { error: string }).error).toMatch(/не хватает на складе/)
    const empty = await edit({ lines: lines.map((l) => ({ id: l.id, quantity: 0 })) })
    expect(empty.status).toBe(400)
    expect(await databaseFingerprint()).toEqual(before)

    await db().update(orders).set({ paidAt: new Date() }).where(eq(orders.id, order.id))
    expect((await edit({ add: [{ offerId: a.id, quantity: 1 }] })).status).toBe(409)
    await db().update(orders).set({ paidAt: null, status: 'shipped' }).where(eq(orders.id, order.id))
    expect((await edit({ add: [{ offerId: a.id, quantity: 1 }] })).status).toBe(409)
  })
})

// ---------- delivery (ADR 167) ----------

const COURIER = 4
const SLOT_DAY = '05.03.2026'
const OTHER_DAY = '06.03.2026'
const ADDRESS = 'г Москва, ул Тверская, д 1'

/** A checkout order to a pickup point in Moscow, paid in cash on receipt, of one offer × 2. */
async function pickupOrder(skip = 3) {
  const offer = await offerWithStock(20, skip)
  const answer = await checkout<{ order: { ID?: string } }>('saveOrderAjax', await orderFields(), await visitorWithBasket([{ offerId: offer.id, quantity: 2 }]))
  expect(answer.body.order.ID, JSON.stringify(answer.body)).toBeTruthy()
  const [order] = await db().select().from(orders).where(eq(orders.id, Number(answer.body.order.ID)))
  return { order: order!, offer }
}

/** What the checkout's own quote asks for this order's goods and choice. */
async function checkoutPrice(offer: { id: number }, quantity: number, choice: { deliveryId: number; pointId?: string; address?: string; slot?: { date: string; time: string } }) {
  const [row] = await db().select().from(offers).where(eq(offers.id, offer.id))
  const quote = await quoteDeliveryChoice(db(), {
    ...choice,
    cityCode: 'moskva',
    basket: [{ name: 'x', externalId: row!.id, priceKopecks: row!.price, quantity, weight: row!.weightGrams, width: row!.widthMm, length: row!.lengthMm, height: row!.heightMm, vat: row!.vatPercent, aerialRestriction: row!.airRestricted ? 'true' : 'false' }],
    postPay: true,
  })
  if (!quote.ok) throw new Error(quote.message)
  return quote.priceKopecks
}

describe('changing the delivery of an order before it ships', () => {
  beforeEach(() => setClock(() => new Date('2026-03-04T07:00:00Z')))
  afterEach(() => setClock(null))

  it('moves a pickup order to a courier slot, the slot to another, and back to a point: priced as checkout, each slot taken and given back once', async () => {
    const manager = await signedInStaff('manager')
    const { order, offer } = await pickupOrder()
    const edit = (delivery: unknown) => callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { delivery } })
    const read = async () => (await db().select().from(orders).where(eq(orders.id, order.id)))[0]!

    const toCourier = await edit({ deliveryId: COURIER, address: ADDRESS, slot: { date: SLOT_DAY, time: '10:00 - 14:00' } })
    expect(toCourier.status, await toCourier.clone().text()).toBe(200)
    const courierPrice = await checkoutPrice(offer, 2, { deliveryId: COURIER, address: ADDRESS, slot: { date: SLOT_DAY, time: '10:00 - 14:00' } })
    expect(courierPrice).toBeGreaterThan(0)
    let row = await read()
    expect(row).toMatchObject({ deliveryId: String(COURIER), deliveryName: 'Курьерская доставка', address: ADDRESS, deliveryPrice: courierPrice, total: row.goodsPrice + courierPrice })
    expect(row.total).toBe(order.total - order.deliveryPrice + courierPrice)
    expect(row.props).toMatchObject({ MICRO_SOURCE: 'courier', MICRO_POINT_ID: '10:00 - 14:00', MICRO_SHIP_DATE_FROM: SLOT_DAY, PROP_ADDRESS: ADDRESS })
    expect(await slotLoad(SLOT_DAY, '10:00')).toBe(1)

    // The same slot again (a new address only): nothing is taken twice.
    const sameSlot = await edit({ deliveryId: COURIER, address: `${ADDRESS}, кв 5`, slot: { date: SLOT_DAY, time: '10:00-14:00' } })
    expect(sameSlot.status, await sameSlot.clone().text()).toBe(200)
    expect(await slotLoad(SLOT_DAY, '10:00')).toBe(1)
    expect((await read()).address).toBe(`${ADDRESS}, кв 5`)

    // Another slot: the old place is given back, the new one taken.
    expect((await edit({ deliveryId: COURIER, address: ADDRESS, slot: { date: OTHER_DAY, time: '14:00 - 18:00' } })).status).toBe(200)
    expect([await slotLoad(SLOT_DAY, '10:00'), await slotLoad(OTHER_DAY, '14:00')]).toEqual([0, 1])

    // Back to a point: the courier's place goes back, the price is the point's.
    const point = await pickupPoint('moskva', 1)
    expect((await edit({ deliveryId: 1, pointId: point })).status).toBe(200)
    row = await read()
    expect(await slotLoad(OTHER_DAY, '14:00')).toBe(0)
    expect(row).toMatchObject({ deliveryId: '1', slotBookingId: null, deliveryPrice: await checkoutPrice(offer, 2, { deliveryId: 1, pointId: point }) })
    expect(row.props).toMatchObject({ MICRO_SOURCE: 'pvz', MICRO_POINT_ID: point })

    const entries = await db().select().from(auditLog).where(and(eq(auditLog.objectId, String(order.id)), eq(auditLog.action, 'edit'))).orderBy(auditLog.id)
    expect(entries).toHaveLength(4)
    expect(JSON.stringify(entries[0]!.before)).toMatch(/пункт/)
    expect(JSON.stringify(entries[0]!.after)).toContain('Курьерская доставка')
  })

  it('gives a one-click order (delivery «Уточнит менеджер») a delivery in the city the buyer typed', async () => {
    const manager = await signedInStaff('manager')
    const { order } = await placedOrder()
    expect(order).toMatchObject({ locationCode: '', deliveryPrice: 0 })
    const point = await pickupPoint('moskva', 1)
    const response = await callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { delivery: { deliveryId: 1, pointId: point } } })
    expect(response.status, await response.clone().text()).toBe(200)
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ locationCode: 'moskva', locationName: 'Москва', deliveryId: '1' })
    expect(row!.deliveryPrice).toBeGreaterThan(0)
    expect(row!.total).toBe(order.total + row!.deliveryPrice)
  })

  it('applies the method\'s free-delivery threshold to the goods after the edit', async () => {
    const manager = await signedInStaff('manager')
    const { order } = await pickupOrder(4)
    await db().update(deliveryServices).set({ freeFromKopecks: order.goodsPrice }).where(eq(deliveryServices.id, COURIER))
    const response = await callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { delivery: { deliveryId: COURIER, address: ADDRESS, slot: { date: SLOT_DAY, time: '18:00 - 22:00' } } } })
    expect(response.status, await response.clone().text()).toBe(200)
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ deliveryPrice: 0, total: order.goodsPrice })
  })

  it('refuses a full slot, an unknown point and a courier without an address, changing nothing', async () => {
    const manager = await signedInStaff('manager')
    const { order } = await pickupOrder(5)
    const [window] = await db().select().from(courierWindows).where(eq(courierWindows.timeFrom, '10:00'))
    await db().insert(courierSlotLoad).values({ cityCode: 'moskva', date: '2026-03-07', windowId: window!.id, booked: window!.capacity, capacity: window!.capacity })
    const edit = (delivery: unknown) => callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { delivery } })
    const before = await databaseFingerprint()

    const full = await edit({ deliveryId: COURIER, address: ADDRESS, slot: { date: '07.03.2026', time: '10:00 - 14:00' } })
    expect(full.status).toBe(409)
    expect(((await full.json()) as { error: string }).error).toBe(DELIVERY_MESSAGES.slotFull)
    expect((await edit({ deliveryId: 1, pointId: 'no-such-point' })).status).toBe(400)
    expect((await edit({ deliveryId: COURIER, slot: { date: SLOT_DAY, time: '10:00 - 14:00' } })).status).toBe(400)
    expect(await databaseFingerprint()).toEqual(before)
  })
})

// ---------- paid orders (ADR 167) ----------


describe('editing an unpaid online order', () => {
  it('asks the open payment for the new total, and the provider\'s callback for it pays the order', async () => {
    const manager = await signedInStaff('manager')
    const offer = await offerWithStock(20, 8)
    const answer = await checkout<{ order: { ID?: string } }>('saveOrderAjax', await orderFields({ pay: await paySystemId('card') }), await visitorWithBasket([{ offerId: offer.id, quantity: 2 }]))
    const id = Number(answer.body.order.ID)
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, id))
    const response = await callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(id) }, body: { lines: [{ id: line!.id, quantity: 1 }] } })
    expect(response.status, await response.clone().text()).toBe(200)
    const { total } = (await response.json()) as { total: number }
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, id))
    expect(payment).toMatchObject({ amount: total, status: 'pending' })
    const paid: CallbackPayload = { paymentId: payment!.externalId, status: 'succeeded', amount: String(total) }
    expect(await applyCallback(db(), paid, signCallback(paid, callbackSecret()))).toBe('applied')
    const [order] = await db().select().from(orders).where(eq(orders.id, id))
    expect(order).toMatchObject({ status: 'paid', total })
  })
})

const refundsOf = (orderId: number) => db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(paymentRefunds.id)

describe('editing a paid order', () => {
  it('refunds exactly the difference when it costs less, once: the same request again refunds nothing more', async () => {
    const manager = await signedInStaff('manager')
    const { order, line, offer } = await paidCardOrder(6)
    const edit = () => callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { lines: [{ id: line.id, quantity: 1 }] } })

    const first = await edit()
    expect(first.status, await first.clone().text()).toBe(200)
    expect(await first.json()).toEqual({ total: order.total - line.price, refunded: line.price, due: 0 })
    const refunds = await refundsOf(order.id)
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ amount: line.price, reason: 'edit', status: 'succeeded', staffId: manager.id })
    expect((await stock(offer.id)).get(offer.id)).toBe(19)

    const again = await edit()
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ total: order.total - line.price, refunded: 0, due: 0 })
    expect(await refundsOf(order.id)).toHaveLength(1)
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id))
    expect(after).toMatchObject({ status: 'paid', total: order.total - line.price })
    expect(after!.paidAt).not.toBeNull()
  })

  it('refuses a paid order with nothing paid online both more and less, changing nothing (ADR 169: a surcharge goes only through an online payment)', async () => {
    const manager = await signedInStaff('manager')
    const edit = (id: number, body: unknown) => callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(id) }, body })
    // Cash on receipt marked paid by hand: no online payment to charge more through or send money back through.
    const { order: cash, lines, a } = await placedOrder()
    await db().update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, cash.id))
    const paidByHand = await databaseFingerprint()
    const more = await edit(cash.id, { add: [{ offerId: a.id, quantity: 1 }] })
    expect(more.status).toBe(409)
    expect(((await more.json()) as { error: string }).error).toBe(SURCHARGE_MESSAGES.offline(a.price))
    const less = await edit(cash.id, { lines: [{ id: lines[0]!.id, quantity: 1 }] })
    expect(less.status).toBe(409)
    expect(((await less.json()) as { error: string }).error).toMatch(/нет онлайн-оплаты/)
    expect(await databaseFingerprint()).toEqual(paidByHand)
  })
})
