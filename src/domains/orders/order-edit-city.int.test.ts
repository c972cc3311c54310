import { and, desc, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { citySuggestionsEndpoint, editOrderLines, orderDeliveryChoicesEndpoint } from '@/admin/api/order-edit'
import { ADMIN_MESSAGES } from '@/admin/endpoint'
import { db } from '@/db/client'
import { auditLog, orders } from '@/db/schema'
import { checkout, offerWithStock, orderFields, pickupPoint, visitorWithBasket } from '../../../tests/support/checkout'
import { databaseFingerprint } from '../../../tests/support/db-snapshot'
import { basketOf, checkoutQuote, slotLoad } from '../../../tests/support/order-edit'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { setClock } from '../../../tests/support/test-hooks'
import { DELIVERY_MESSAGES } from '../delivery/delivery'
import { listDeliveryOptions } from '../delivery/delivery.server'
import { orderDetail } from './order-admin.server'
import { deliverySummary, type DeliveryEditChoices } from './order-edit'
import { deliveryEditChoices } from './order-edit.server'

/**
 * ADR 167's addendum: a manager moves an order to another city. The order placed in Moscow on the
 * shop's courier goes to a pickup point in Tver (a seeded city with points of every carrier and no
 * courier of the shop's): the order's city, its LOCATION property and the price are Tver's checkout's,
 * the Moscow slot's place is given back, the audit line names both cities. The form's menu for
 * another city, an unknown city's refusal and the two endpoints' answers and permissions follow.
 */
const COURIER = 4
const SDEK_POINTS = 1
const SLOT_DAY = '05.03.2026'
const ADDRESS = 'г Москва, ул Тверская, д 7, кв 12'

beforeEach(() => setClock(() => new Date('2026-03-04T07:00:00Z')))
afterEach(() => setClock(null))

/** A checkout order in Moscow on the shop's courier, 05.03 10:00–14:00, cash on receipt, of one offer. */
async function courierOrder(skip: number) {
  const offer = await offerWithStock(20, skip)
  const fields = await orderFields({
    deliveryId: String(COURIER),
    props: { MICRO_SOURCE: 'courier', MICRO_TYPE: 'COURIER', MICRO_HANDLER: 'courier', MICRO_POINT_ID: '10:00 - 14:00', MICRO_SHIP_DATE_FROM: SLOT_DAY, MICRO_SHIP_DATE_TO: SLOT_DAY, PROP_ADDRESS: ADDRESS },
  })
  const answer = await checkout<{ order: { ID?: string } }>('saveOrderAjax', fields, await visitorWithBasket([{ offerId: offer.id, quantity: 1 }]))
  expect(answer.body.order.ID, JSON.stringify(answer.body)).toBeTruthy()
  return read(Number(answer.body.order.ID))
}

const read = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error

describe('moving an order to another city', () => {
  it('moves a Moscow courier order to a point in Tver: Tver’s city, LOCATION and checkout price, the Moscow slot given back, both cities in the audit', async () => {
    const manager = await signedInStaff('manager')
    const order = await courierOrder(6)
    expect(order).toMatchObject({ locationCode: 'moskva', locationName: 'Москва', deliveryId: String(COURIER), props: { LOCATION: 'moskva' } })
    expect(await slotLoad(SLOT_DAY, '10:00')).toBe(1)
    const point = await pickupPoint('tver', SDEK_POINTS)

    const response = await callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { delivery: { city: 'Тверь', deliveryId: SDEK_POINTS, pointId: point } } })
    expect(response.status, await response.clone().text()).toBe(200)

    const quote = await checkoutQuote(order.id, { cityCode: 'tver', deliveryId: SDEK_POINTS, pointId: point, postPay: true })
    if (!quote.ok) throw new Error(quote.message)
    // Tver is priced as Tver: the same point method in Moscow costs otherwise.
    const moscow = (await listDeliveryOptions({ cityCode: 'moskva', basket: await basketOf(order.id) })).find((o) => o.id === SDEK_POINTS)
    expect(quote.priceKopecks).toBeGreaterThan(0)
    expect(quote.priceKopecks).not.toBe(moscow?.priceKopecks)
    const row = await read(order.id)
    expect(row).toMatchObject({ locationCode: 'tver', locationName: 'Тверь', deliveryId: String(SDEK_POINTS), deliveryName: 'Пункты выдачи СДЭК', slotBookingId: null, deliveryPrice: quote.priceKopecks, total: row.goodsPrice + quote.priceKopecks })
    expect(row.props).toMatchObject({ LOCATION: 'tver', MICRO_SOURCE: 'pvz', MICRO_POINT_ID: point })
    expect(row.address).not.toBe(ADDRESS)
    // The Moscow courier's place is free again.
    expect(await slotLoad(SLOT_DAY, '10:00')).toBe(0)

    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.objectId, String(order.id)), eq(auditLog.action, 'edit'))).orderBy(desc(auditLog.id)).limit(1)
    const before = `г. Москва, ${deliverySummary(order)}`
    const after = `г. Тверь, ${deliverySummary(row)}`
    expect(before).toContain(`${SLOT_DAY} 10:00 - 14:00`)
    expect(entry).toMatchObject({ staffId: manager.id, before: { delivery: before }, after: { delivery: after } })
    const detail = await orderDetail(order.id, { role: 'manager' })
    expect(detail?.timeline.find((t) => t.title === 'Заказ изменён')?.text).toContain(`Доставка: ${before} → ${after}`)
    expect(detail?.delivery).toMatchObject({ city: 'Тверь', cityCode: 'tver' })
  })

  it('lists another city’s methods and points for the form, by its name or its code', async () => {
    const order = await courierOrder(7)
    const own = await deliveryEditChoices(order)
    expect(own.city).toEqual({ code: 'moskva', name: 'Москва' })
    expect(own.options.some((o) => o.id === COURIER)).toBe(true)

    const tver = await deliveryEditChoices(order, 'Тверь')
    expect(tver.city).toEqual({ code: 'tver', name: 'Тверь' })
    const expected = await listDeliveryOptions({ cityCode: 'tver', basket: await basketOf(order.id) })
    expect(expected.length).toBeGreaterThan(0)
    expect(tver.options.map((o) => [o.id, o.priceKopecks])).toEqual(expected.map((o) => [o.id, o.priceKopecks]))
    // The shop's courier does not serve Tver: no slots to offer there.
    expect(tver.options.some((o) => o.id === COURIER)).toBe(false)
    expect(tver.courierDays).toEqual([])
    const points = tver.points[SDEK_POINTS] ?? []
    expect(points.length).toBeGreaterThan(0)
    expect(points.map((p) => p.id)).toContain(await pickupPoint('tver', SDEK_POINTS))
    expect(points.every((p) => p.id.startsWith('SDK-TVER-'))).toBe(true)
    // The order's own delivery stays what it is, whatever city the menu is for.
    expect(tver.current).toEqual(own.current)
    expect(await deliveryEditChoices(order, 'tver')).toEqual(tver)
  })

  it('refuses a city the shop does not know with the delivery domain’s text, changing nothing (control: the same edit to Tver goes through)', async () => {
    const manager = await signedInStaff('manager')
    const order = await courierOrder(8)
    const point = await pickupPoint('tver', SDEK_POINTS)
    const edit = (city: string) => callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { delivery: { city, deliveryId: SDEK_POINTS, pointId: point } } })
    const before = await databaseFingerprint()

    const unknown = await edit('Атлантида')
    expect(unknown.status).toBe(400)
    expect(await errorOf(unknown)).toBe(DELIVERY_MESSAGES.unknownCity)
    const menu = await callEndpoint(orderDeliveryChoicesEndpoint, { cookie: manager.cookie }, { params: { id: String(order.id) }, query: `city=${encodeURIComponent('Атлантида')}` })
    expect(menu.status).toBe(400)
    expect(await errorOf(menu)).toBe(DELIVERY_MESSAGES.unknownCity)
    await expect(deliveryEditChoices(order, 'Атлантида')).rejects.toThrow(DELIVERY_MESSAGES.unknownCity)
    expect(await databaseFingerprint()).toEqual(before)
    expect(await slotLoad(SLOT_DAY, '10:00')).toBeGreaterThan(0)

    const known = await edit('Тверь')
    expect(known.status, await known.clone().text()).toBe(200)
    expect(await read(order.id)).toMatchObject({ locationCode: 'tver' })
  })
})

describe('the form’s endpoints', () => {
  it('suggests cities from 2 letters, up to 20, and a menu for a city; refused without orders.write', async () => {
    const manager = await signedInStaff('manager')
    const search = (auth: { cookie: string }, q?: string) => callEndpoint(citySuggestionsEndpoint, auth, q === undefined ? {} : { query: `q=${encodeURIComponent(q)}` })

    const found = await search(manager, 'Санкт')
    expect(found.status, await found.clone().text()).toBe(200)
    const { items } = (await found.json()) as { items: { code: string; name: string; region: string; display: string }[] }
    expect(items[0]).toEqual({ code: 'sankt-peterburg', name: 'Санкт-Петербург', region: expect.any(String), display: expect.stringContaining('Санкт-Петербург') })
    const many = (await (await search(manager, 'ск')).json()) as { items: unknown[] }
    expect(many.items).toHaveLength(20)
    for (const short of ['С', ' С ', undefined]) {
      const answer = await search(manager, short)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ items: [] })
    }

    const order = await courierOrder(9)
    const menu = await callEndpoint(orderDeliveryChoicesEndpoint, { cookie: manager.cookie }, { params: { id: String(order.id) }, query: 'city=tver' })
    expect(menu.status, await menu.clone().text()).toBe(200)
    expect(((await menu.json()) as DeliveryEditChoices).city).toEqual({ code: 'tver', name: 'Тверь' })
    const ownMenu = await callEndpoint(orderDeliveryChoicesEndpoint, { cookie: manager.cookie }, { params: { id: String(order.id) } })
    expect(((await ownMenu.json()) as DeliveryEditChoices).city).toEqual({ code: 'moskva', name: 'Москва' })
    const missing = await callEndpoint(orderDeliveryChoicesEndpoint, { cookie: manager.cookie }, { params: { id: '2147483647' } })
    expect(missing.status).toBe(404)

    // The warehouse reads orders but does not change them; content staff see no orders at all.
    for (const role of ['warehouse', 'content'] as const) {
      const member = await signedInStaff(role)
      for (const answer of [await search(member, 'Санкт'), await callEndpoint(orderDeliveryChoicesEndpoint, { cookie: member.cookie }, { params: { id: String(order.id) }, query: 'city=tver' })]) {
        expect(answer.status, role).toBe(403)
        expect(await errorOf(answer)).toBe(ADMIN_MESSAGES.forbidden)
      }
    }
  })
})
