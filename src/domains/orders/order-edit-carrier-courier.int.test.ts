import { and, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { editOrderLines } from '@/admin/api/order-edit'
import { POST as fastOrder } from '@/app/ajax/fast-order/route'
import { db } from '@/db/client'
import { auditLog, orders } from '@/db/schema'
import { formatRub } from '@/lib/money'
import { setBoxberryLimits } from '../../../tests/support/boxberry-hooks'
import { MINUTE, cdekFakeSettings, withCarrierFakes } from '../../../tests/support/carrier-fakes'
import { setCdekLimits } from '../../../tests/support/cdek-hooks'
import { offerWithStock, visitorWithBasket } from '../../../tests/support/checkout'
import { databaseFingerprint } from '../../../tests/support/db-snapshot'
import { FAKE_BOXBERRY_CITIES, FAKE_BOXBERRY_TOKEN, startFakeBoxberry, type FakeBoxberry } from '../../../tests/support/fake-boxberry'
import { FAKE_CDEK_CITIES, startFakeCdek, type FakeCdek } from '../../../tests/support/fake-cdek'
import { formPost } from '../../../tests/support/http'
import { basketOf, checkoutQuote, slotLoad } from '../../../tests/support/order-edit'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { DELIVERY_MESSAGES, carrierCourierProps } from '../delivery/delivery'
import { listDeliveryOptions, pickupDates, quoteDeliveryChoice } from '../delivery/delivery.server'
import { orderDetail } from './order-admin.server'
import { deliveryEditChoices } from './order-edit.server'

/**
 * «Изменить доставку» to a carrier's courier (ADR 212 in the order edit of ADR 167), against the local
 * fakes of СДЭК and Boxberry: the address and no slot, the carrier's period, the checkout's own quote
 * for the order's goods, the properties the checkout writes, the shop's slot given back; a carrier
 * that cannot quote refuses with the checkout's text and changes nothing.
 */
const COURIER = 4
const SDEK_COURIER = 6
const BOXBERRY_COURIER = 7
const SLOT_DAY = '05.03.2026'
const ADDRESS = 'г Москва, ул Тверская, д 7, кв 12'

let cdek: FakeCdek
let boxberry: FakeBoxberry

const { advance, now } = withCarrierFakes({
  // Moscow with a few dozen points: the courier's quote loads the city, its points are not the subject.
  start: async () => [
    (cdek = await startFakeCdek(FAKE_CDEK_CITIES.map((c) => (c.code === 44 ? { ...c, points: 30 } : c)))),
    (boxberry = await startFakeBoxberry(FAKE_BOXBERRY_CITIES.map((c) => (c.Code === '68' ? { ...c, points: 30 } : c)))),
  ],
  settings: () => ({ ...cdekFakeSettings(cdek), BOXBERRY_TOKEN: FAKE_BOXBERRY_TOKEN, BOXBERRY_API_URL: boxberry.url }),
  resetLimits: () => {
    setCdekLimits(null)
    setBoxberryLimits(null)
  },
})

let orderNo = 0
/** A one-click order in Moscow (delivery «Уточнит менеджер»), of one offer × 2. */
async function placedOrder() {
  const offer = await offerWithStock(20, orderNo % 5)
  const email = `courier-edit-${++orderNo}@example.ru`
  const form = { UF_NAME: 'Олег Смирнов', UF_CITY: 'Москва', UF_PHONE: `+7 (916) 555-00-${String(10 + orderNo)}`, UF_EMAIL: email }
  const response = await fastOrder(formPost('/ajax/fast-order/', form, await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])))
  expect(response.status, await response.clone().text()).toBe(200)
  const [order] = await db().select().from(orders).where(eq(orders.email, email)).orderBy(desc(orders.id)).limit(1)
  return order!
}

const read = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!

const tariffCalls = () => cdek.log.filter((l) => l.method === 'POST' && l.path === '/calculator/tarifflist').length

describe('«Изменить доставку» to a carrier’s courier', () => {
  it('offers «Курьер СДЭК» and «Курьер Boxberry» in the menu without slots, the shop’s courier with them', async () => {
    const order = await placedOrder()
    const choices = await deliveryEditChoices(order)
    expect(choices.options.find((o) => o.id === SDEK_COURIER)).toMatchObject({ name: 'Курьер СДЭК', type: 'courier', slots: false, periodText: expect.stringMatching(/^от \d+ до \d+ дн/) })
    expect(choices.options.find((o) => o.id === BOXBERRY_COURIER)).toMatchObject({ name: 'Курьер Boxberry', type: 'courier', slots: false })
    expect(choices.options.find((o) => o.id === COURIER)).toMatchObject({ type: 'courier', slots: true })
    expect(choices.courierDays.length).toBeGreaterThan(0)
    expect(choices.current).toMatchObject({ address: '', slot: null, period: null })
  })

  it('moves an order from the shop’s courier slot to «Курьер СДЭК»: the address, no slot, СДЭК’s period at the checkout’s price; the slot goes back; audited and on the timeline', async () => {
    const manager = await signedInStaff('manager')
    const order = await placedOrder()
    const edit = (delivery: unknown) => callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { delivery } })

    const toSlot = await edit({ deliveryId: COURIER, address: ADDRESS, slot: { date: SLOT_DAY, time: '10:00 - 14:00' } })
    expect(toSlot.status, await toSlot.clone().text()).toBe(200)
    expect(await slotLoad(SLOT_DAY, '10:00')).toBe(1)

    const response = await edit({ deliveryId: SDEK_COURIER, address: ADDRESS })
    expect(response.status, await response.clone().text()).toBe(200)
    const quote = await checkoutQuote(order.id, { deliveryId: SDEK_COURIER, address: ADDRESS })
    if (!quote.ok) throw new Error(quote.message)
    expect(quote.priceKopecks).toBeGreaterThan(0)
    const row = await read(order.id)
    expect(row).toMatchObject({ deliveryId: String(SDEK_COURIER), deliveryName: 'Курьер СДЭК', address: ADDRESS, slotBookingId: null, deliveryPrice: quote.priceKopecks, total: row.goodsPrice + quote.priceKopecks })
    const dates = pickupDates(now(), { priceKopecks: 0, daysFrom: 0, daysTo: 0 })
    expect(row.props).toMatchObject(
      carrierCourierProps({ handler: 'sdek_courier', deliveryFrom: quote.shipDateFrom!, deliveryTo: quote.shipDateTo!, priceKopecks: quote.priceKopecks, shipmentDate: dates.shipmentDate, address: ADDRESS }),
    )
    // The shop's courier place is free again: the carrier comes on its own day.
    expect(await slotLoad(SLOT_DAY, '10:00')).toBe(0)

    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.objectId, String(order.id)), eq(auditLog.action, 'edit'))).orderBy(desc(auditLog.id)).limit(1)
    const summary = `Курьер СДЭК, ${ADDRESS}, ${quote.shipDateFrom} – ${quote.shipDateTo}, ${formatRub(quote.priceKopecks)}`
    expect(entry).toMatchObject({ staffId: manager.id, after: { delivery: summary } })
    expect(JSON.stringify(entry!.before)).toContain(`${SLOT_DAY} 10:00 - 14:00`)
    const detail = await orderDetail(order.id, { role: 'manager' })
    expect(detail?.timeline.find((t) => t.title === 'Заказ изменён' && t.text.includes(summary))).toBeDefined()

    // The menu now knows the order as a carrier courier's: its address and period, no slot.
    expect((await deliveryEditChoices(row)).current).toEqual({ deliveryId: SDEK_COURIER, pointId: '', address: ADDRESS, slot: null, period: { from: quote.shipDateFrom, to: quote.shipDateTo } })
  })

  it('asks СДЭК before the transaction when the kept quote is older than the hour (control: inside a transaction it cannot be asked)', async () => {
    const order = await placedOrder()
    expect((await checkoutQuote(order.id, { deliveryId: SDEK_COURIER, address: ADDRESS })).ok).toBe(true)
    advance(61 * MINUTE)
    // Signed in after the hour: a staff session idle that long has ended.
    const manager = await signedInStaff('manager')
    const basket = await basketOf(order.id)
    // The control: the order edit's transaction alone finds no kept quote and may not call СДЭК.
    const inside = await db().transaction((tx) => quoteDeliveryChoice(tx, { deliveryId: SDEK_COURIER, cityCode: 'moskva', address: ADDRESS, basket }))
    expect(inside).toEqual({ ok: false, message: DELIVERY_MESSAGES.courierImpossible })

    const calls = tariffCalls()
    const response = await callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { delivery: { deliveryId: SDEK_COURIER, address: ADDRESS } } })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(tariffCalls()).toBe(calls + 1)
    expect(await read(order.id)).toMatchObject({ deliveryName: 'Курьер СДЭК', slotBookingId: null })
  })

  it('refuses without an address and when СДЭК cannot quote, with the checkout’s texts, changing nothing (control: the same edit once СДЭК answers)', async () => {
    let manager = await signedInStaff('manager')
    const order = await placedOrder()
    const edit = (delivery: unknown) => callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { delivery } })
    // The city's points and СДЭК's code are loaded once, before the fingerprint: a load is not an edit.
    await listDeliveryOptions({ cityCode: 'moskva', basket: [{ name: 'x', externalId: 1, priceKopecks: 100, quantity: 1, weight: 100 }] })
    let before = await databaseFingerprint()

    const noAddress = await edit({ deliveryId: SDEK_COURIER, address: '  ' })
    expect(noAddress.status).toBe(400)
    expect(((await noAddress.json()) as { error: string }).error).toBe(DELIVERY_MESSAGES.fullAddress)
    const noAddressAtAll = await edit({ deliveryId: SDEK_COURIER })
    expect(((await noAddressAtAll.json()) as { error: string }).error).toBe(DELIVERY_MESSAGES.fullAddress)
    expect(await databaseFingerprint()).toEqual(before)

    // An hour on, the kept quotes are stale and СДЭК does not answer.
    advance(61 * MINUTE)
    cdek.mode = 'down'
    manager = await signedInStaff('manager')
    before = await databaseFingerprint()
    const down = await edit({ deliveryId: SDEK_COURIER, address: ADDRESS })
    expect(down.status).toBe(400)
    expect(((await down.json()) as { error: string }).error).toBe(DELIVERY_MESSAGES.courierImpossible)
    expect(await databaseFingerprint()).toEqual(before)

    // Control: СДЭК answers again (after its down pause) and the same edit goes through.
    cdek.mode = 'ok'
    advance(MINUTE)
    const up = await edit({ deliveryId: SDEK_COURIER, address: ADDRESS })
    expect(up.status, await up.clone().text()).toBe(200)
    expect(await read(order.id)).toMatchObject({ deliveryName: 'Курьер СДЭК', address: ADDRESS })
  })

  it('moves an order to «Курьер Boxberry» priced by Boxberry’s DeliveryCosts to the postal code', async () => {
    const manager = await signedInStaff('manager')
    const order = await placedOrder()
    const response = await callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { delivery: { deliveryId: BOXBERRY_COURIER, address: ADDRESS } } })
    expect(response.status, await response.clone().text()).toBe(200)
    const quote = await checkoutQuote(order.id, { deliveryId: BOXBERRY_COURIER, address: ADDRESS })
    if (!quote.ok) throw new Error(quote.message)
    const row = await read(order.id)
    expect(row).toMatchObject({ deliveryId: String(BOXBERRY_COURIER), deliveryName: 'Курьер Boxberry', slotBookingId: null, deliveryPrice: quote.priceKopecks, total: order.total + quote.priceKopecks })
    expect(row.props).toMatchObject({ MICRO_SOURCE: 'courier', MICRO_TYPE: 'COURIER', MICRO_HANDLER: 'boxberry_courier', MICRO_POINT_ID: '', MICRO_SHIP_DATE_FROM: quote.shipDateFrom, MICRO_SHIP_DATE_TO: quote.shipDateTo, PROP_ADDRESS: ADDRESS })
    expect(boxberry.log.some((l) => l.method === 'DeliveryCosts' && l.query.zip === '101000')).toBe(true)
  })
})
