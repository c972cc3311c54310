import { and, eq, like } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { GET as shipmentGet, POST as shipmentPost } from '@/app/api/admin/orders/[id]/shipment/route'
import { POST as shipmentRefresh } from '@/app/api/admin/orders/[id]/shipment/refresh/route'
import { POST as webhook } from '@/app/delivery/notify/cdek/route'
import { db } from '@/db/client'
import { auditLog, carrierCities, carrierShipments, offers, orderLines, orderStatusHistory, orders, outbox } from '@/db/schema'
import { orderDetail } from '@/domains/orders/order-admin.server'
import { FAKE_CDEK_KEYS, startFakeCdek, type FakeCdek } from '../../../../tests/support/fake-cdek'
import { reloadEnv, setClock } from '../../../../tests/support/test-hooks'
import { adminRequest, signedInStaff } from '../../../../tests/support/staff'
import { carrierStatusTexts, pollShipments, POLL_AFTER_MS } from './shipments.server'
import { CDEK_SHIPMENT_MESSAGES } from './cdek-shipment'
import { SHIPMENT_MESSAGES } from './shipment-carrier'

/**
 * СДЭК shipments (ADR 188) against the local fake of СДЭК API v2 (tests/support/fake-cdek.ts): the
 * registration from the back office, the ORDER_STATUS webhook that only triggers a re-read, the
 * buyer's letter once when the parcel is at the point, the poll, and the refusals.
 */
let fake: FakeCdek
let owner: string
let warehouse: string
let clock = new Date('2026-03-04T07:00:00Z')
type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>

beforeAll(async () => {
  fake = await startFakeCdek()
  vi.stubEnv('CDEK_CLIENT_ID', FAKE_CDEK_KEYS.clientId)
  vi.stubEnv('CDEK_CLIENT_SECRET', FAKE_CDEK_KEYS.clientSecret)
  vi.stubEnv('CDEK_API_URL', fake.url)
  vi.stubEnv('CDEK_SHIPMENT_POINT', 'MSK5')
  reloadEnv()
  owner = (await signedInStaff('owner')).cookie
  warehouse = (await signedInStaff('warehouse')).cookie
  // Moscow as СДЭК knows it (code 44), as the points refresh would have left it.
  await db().insert(carrierCities).values({ carrier: 'cdek', cityCode: 'moskva', carrierCityCode: '44', pointsRefreshedAt: clock }).onConflictDoNothing()
})

afterAll(async () => {
  vi.unstubAllEnvs()
  reloadEnv()
  await fake.close()
})

beforeEach(() => {
  fake.mode = 'ok'
  setClock(() => clock)
})
afterEach(() => setClock(null))

let serial = 0
/** An order to a СДЭК point, as the checkout stores it: two pieces of a real offer. */
async function cdekOrder(over: { handler?: string; email?: string } = {}): Promise<number> {
  const [offer] = await db().select().from(offers).limit(1)
  const [order] = await db()
    .insert(orders)
    .values({
      status: 'paid',
      deliveryId: over.handler === 'courier' ? '4' : '1',
      deliveryName: 'Пункты выдачи СДЭК',
      locationCode: 'moskva',
      locationName: 'Москва',
      address: 'г Москва, ул. Тестовая, д. 2',
      buyerName: 'Анна Иванова',
      email: over.email ?? `buyer-${++serial}@example.ru`,
      phone: '+7 (999) 123-45-67',
      props: { MICRO_HANDLER: over.handler ?? 'sdek', MICRO_POINT_ID: 'MSK0002' },
      basePrice: 198_000,
      goodsPrice: 198_000,
      total: 198_000,
      paymentToken: `ship-${serial}-${Date.now()}`,
      paidAt: clock,
    })
    .returning()
  await db().insert(orderLines).values({ orderId: order!.id, offerId: offer!.id, name: 'Витамин D3 2000 МЕ', quantity: 2, basePrice: 99_000, price: 99_000, sum: 198_000 })
  return order!.id
}

async function call(handler: Handler, cookie: string, method: string, id: number, suffix = '') {
  const response = await handler(adminRequest(method, `/api/admin/orders/${id}/shipment/${suffix}`, { cookie }, method === 'GET' ? undefined : {}), { params: Promise.resolve({ id: String(id) }) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function notify(body: unknown) {
  const response = await webhook(new Request('http://shop.test/delivery/notify/cdek/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }))
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const statusHook = (uuid: string, code: string) => ({
  type: 'ORDER_STATUS',
  date_time: '2026-03-05T12:00:00+0300',
  uuid,
  attributes: { is_return: false, cdek_number: '999', number: '1', code, status_code: '1', status_date_time: '2026-03-05T12:00:00+0300', city_name: 'Москва', city_code: '44' },
})

const shipmentRow = async (orderId: number) => (await db().select().from(carrierShipments).where(eq(carrierShipments.orderId, orderId)))[0]!
const readyMails = async (id: number) => db().select().from(outbox).where(eq(outbox.dedupeKey, `shipment-ready:${id}`))

describe('registering a shipment', () => {
  it('sends СДЭК the order: the point, the office, the cheapest склад-склад tariff, the recipient and the parcel; once', async () => {
    const id = await cdekOrder()
    const offered = await call(shipmentGet, warehouse, 'GET', id)
    expect(offered.body).toMatchObject({ shipment: null, cdekOrder: true, canRegister: true })

    const before = fake.calls('/orders')
    const made = await call(shipmentPost, warehouse, 'POST', id)
    expect(made.status).toBe(200)
    expect(made.body).toMatchObject({ orderId: id, carrier: 'cdek', pointCode: 'MSK0002', statusCode: 'ACCEPTED', trackNumber: '' })
    expect(fake.calls('/orders') - before).toBe(1)
    const sent = fake.orders.get(String(made.body.uuid))!.body as Record<string, unknown> & { packages: { weight: number; items: { amount: number; payment: { value: number } }[] }[] }
    expect(sent).toMatchObject({ type: 1, number: String(id), shipment_point: 'MSK5', delivery_point: 'MSK0002', tariff_code: made.body.tariffCode, recipient: { name: 'Анна Иванова', phones: [{ number: '+7 (999) 123-45-67' }] } })
    // The fake's cheapest mode-4 tariff for a small parcel is 234 (Экономичная посылка склад-склад).
    expect(made.body.tariffCode).toBe(234)
    expect(sent.packages[0]!.items[0]).toMatchObject({ amount: 2, payment: { value: 0 } })
    expect(sent.packages[0]!.weight).toBeGreaterThan(0)
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(id)), eq(auditLog.action, 'shipment')))
    expect(audit).toBeDefined()

    const again = await call(shipmentPost, owner, 'POST', id)
    expect(again.status).toBe(409)
    expect(again.body.error).toBe(SHIPMENT_MESSAGES.exists)
    expect(fake.calls('/orders') - before).toBe(1)
  })

  it('refuses an order that does not go by СДЭК, and without the office code', async () => {
    const own = await cdekOrder({ handler: 'shop' })
    expect((await call(shipmentPost, owner, 'POST', own)).body.error).toBe(SHIPMENT_MESSAGES.notCarrierOrder)
    const id = await cdekOrder()
    vi.stubEnv('CDEK_SHIPMENT_POINT', '')
    reloadEnv()
    try {
      const refused = await call(shipmentPost, owner, 'POST', id)
      expect(refused.status).toBe(409)
      expect(refused.body.error).toBe(CDEK_SHIPMENT_MESSAGES.noShipmentPoint)
    } finally {
      vi.stubEnv('CDEK_SHIPMENT_POINT', 'MSK5')
      reloadEnv()
    }
    expect(await db().select().from(carrierShipments).where(eq(carrierShipments.orderId, id))).toEqual([])
    // СДЭК down: nothing is registered and the claim is released, so the button works again later.
    fake.mode = 'down'
    expect((await call(shipmentPost, owner, 'POST', id)).status).toBe(409)
    expect(await db().select().from(carrierShipments).where(eq(carrierShipments.orderId, id))).toEqual([])
    expect(await db().select().from(carrierShipments).where(like(carrierShipments.uuid, 'pending:%'))).toEqual([])
  })

  it('hands a courier order to СДЭК\u2019s door delivery: the склад-дверь tariff and the buyer\u2019s address in to_location', async () => {
    const id = await cdekOrder({ handler: 'courier' })
    expect((await call(shipmentGet, owner, 'GET', id)).body).toMatchObject({ carrierOrder: true, carrier: { code: 'cdek', name: 'СДЭК' }, canRegister: true })
    const made = await call(shipmentPost, owner, 'POST', id)
    expect(made.status).toBe(200)
    expect(made.body).toMatchObject({ pointCode: '', tariffCode: 137 })
    const sent = fake.orders.get(String(made.body.uuid))!.body
    expect(sent).toMatchObject({ tariff_code: 137, to_location: { code: 44, address: 'г Москва, ул. Тестовая, д. 2' } })
    expect(sent).not.toHaveProperty('delivery_point')
    // Without СДЭК's keys a courier order is the shop's own: no panel (negative control of the above).
    vi.stubEnv('CDEK_CLIENT_ID', '')
    reloadEnv()
    try {
      const other = await cdekOrder({ handler: 'courier' })
      expect((await call(shipmentGet, owner, 'GET', other)).body).toMatchObject({ carrierOrder: false, canRegister: false })
    } finally {
      vi.stubEnv('CDEK_CLIENT_ID', FAKE_CDEK_KEYS.clientId)
      reloadEnv()
    }
  })

  it('takes СДЭК\u2019s later refusal (INVALID) from the re-read, and then lets the order be registered again', async () => {
    const id = await cdekOrder()
    const made = await call(shipmentPost, owner, 'POST', id)
    fake.orders.get(String(made.body.uuid))!.invalid = 'Некорректный код ПВЗ'
    const read = await call(shipmentRefresh, owner, 'POST', id, 'refresh/')
    expect(read.body).toMatchObject({ statusCode: 'INVALID', final: true })
    expect(String(read.body.lastError)).toContain('Некорректный код ПВЗ')
    const second = await call(shipmentPost, owner, 'POST', id)
    expect(second.status).toBe(200)
    expect(second.body.uuid).not.toBe(made.body.uuid)
  })
})

describe('the ORDER_STATUS webhook', () => {
  it('re-reads the order at СДЭК and stores what СДЭК says, not what the body claims', async () => {
    const id = await cdekOrder()
    const { body } = await call(shipmentPost, owner, 'POST', id)
    const uuid = String(body.uuid)
    fake.setStatus(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE', '2026-03-04T15:00:00+0300', '1234567890')
    const reads = fake.calls(`/orders/${uuid}`)
    // The body claims delivery; СДЭК's own answer says the parcel is at the sender's warehouse.
    const hook = await notify(statusHook(uuid, 'DELIVERED'))
    expect(hook).toEqual({ status: 200, body: { ok: true, applied: true } })
    expect(fake.calls(`/orders/${uuid}`) - reads).toBe(1)
    const row = await shipmentRow(id)
    expect(row).toMatchObject({ trackNumber: '1234567890', statusCode: 'RECEIVED_AT_SHIPMENT_WAREHOUSE', statusName: 'Принят на склад отправителя', final: false })
    expect(row.statusAt?.toISOString()).toBe('2026-03-04T12:00:00.000Z')
    const [order] = await db().select().from(orders).where(eq(orders.id, id))
    expect(order!.props).toMatchObject({ TRACK_NUMBER: '1234567890', TRACK_CARRIER: 'sdek' })
  })

  it('mails the buyer once when the parcel reaches the point; a replayed webhook changes nothing (negative control: a new status does)', async () => {
    const id = await cdekOrder()
    const { body } = await call(shipmentPost, owner, 'POST', id)
    const uuid = String(body.uuid)
    const shipment = await shipmentRow(id)
    fake.setStatus(uuid, 'ACCEPTED_AT_PICK_UP_POINT', '2026-03-06T11:30:00+0300', '5550001')
    expect((await notify(statusHook(uuid, 'ACCEPTED_AT_PICK_UP_POINT'))).body).toEqual({ ok: true, applied: true })
    const mails = await readyMails(shipment.id)
    expect(mails).toHaveLength(1)
    const payload = mails[0]!.payload as { to: string; subject: string; text: string }
    expect(payload.subject).toBe(`Заказ №${id} ждёт вас в пункте выдачи СДЭК`)
    expect(payload.text).toContain('5550001')
    const after = await shipmentRow(id)
    expect(after.readyMailedAt).not.toBeNull()
    // The buyer's order history shows the carrier's last status with its date (Moscow time).
    expect((await carrierStatusTexts([id])).get(id)).toBe('СДЭК: Поступил в пункт выдачи · 06.03.2026, 11:30')

    // СДЭК sends nothing twice on purpose, but a proxy or a replay may: each is re-read, nothing changes.
    for (let i = 0; i < 3; i++) expect((await notify(statusHook(uuid, 'ACCEPTED_AT_PICK_UP_POINT'))).body).toEqual({ ok: true, applied: false })
    expect(await readyMails(shipment.id)).toHaveLength(1)
    const replayed = await shipmentRow(id)
    expect({ ...replayed, checkedAt: null }).toEqual({ ...after, checkedAt: null })

    // Negative control: the same webhook after a real change does change the shipment.
    fake.setStatus(uuid, 'DELIVERED', '2026-03-07T10:00:00+0300')
    expect((await notify(statusHook(uuid, 'DELIVERED'))).body).toEqual({ ok: true, applied: true })
    expect(await shipmentRow(id)).toMatchObject({ statusCode: 'DELIVERED', statusName: 'Вручён', final: true })
    expect((await shipmentRow(id)).statuses.map((s) => s.code)).toEqual(['ACCEPTED', 'ACCEPTED_AT_PICK_UP_POINT', 'DELIVERED'])
    expect(await readyMails(shipment.id)).toHaveLength(1)
  })

  it('ignores another event, an order that is not ours and a broken body, without asking СДЭК', async () => {
    const reads = fake.log.length
    expect((await notify({ type: 'PRINT_FORM', uuid: 'a0000000-0000-4000-8000-000000000000', attributes: {} })).body).toEqual({ ok: true, applied: false })
    expect((await notify(statusHook('b0000000-0000-4000-8000-000000000000', 'DELIVERED'))).body).toEqual({ ok: true, applied: false })
    expect(fake.log.length).toBe(reads)
    const broken = await webhook(new Request('http://shop.test/delivery/notify/cdek/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":' }))
    expect(broken.status).toBe(400)
  })
})

describe('the order follows the carrier (ADR 195)', () => {
  const history = async (id: number) => (await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))).map((h) => `${h.fromStatus ?? ''}>${h.toStatus}`)
  const systemLines = async (id: number) =>
    db().select().from(auditLog).where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(id)), eq(auditLog.action, 'status'), eq(auditLog.actor, 'Система: СДЭК')))

  it('moves a paid order to «Передан в доставку» and then «Доставлен» as a system change, once; replays move nothing (negative control: a new status does)', async () => {
    const id = await cdekOrder()
    const uuid = String((await call(shipmentPost, owner, 'POST', id)).body.uuid)
    // Registered but not yet handed in: the order stays as it is.
    expect((await db().select().from(orders).where(eq(orders.id, id)))[0]!.status).toBe('paid')

    fake.setStatus(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE', '2026-03-04T15:00:00+0300', '8880001')
    expect((await notify(statusHook(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE'))).body).toEqual({ ok: true, applied: true })
    expect((await db().select().from(orders).where(eq(orders.id, id)))[0]!.status).toBe('shipped')
    expect(await history(id)).toEqual(['paid>assembling', 'assembling>shipped'])
    expect((await systemLines(id)).map((a) => (a.after as { status: string }).status)).toEqual(['assembling', 'shipped'])

    // Replays of the same status (webhook and poll): nothing more in the history or the audit log.
    for (let i = 0; i < 3; i++) expect((await notify(statusHook(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE'))).body).toEqual({ ok: true, applied: false })
    clock = new Date(clock.getTime() + POLL_AFTER_MS + 60_000)
    await pollShipments()
    expect(await history(id)).toEqual(['paid>assembling', 'assembling>shipped'])
    expect(await systemLines(id)).toHaveLength(2)

    // Negative control: a real new status does move the order.
    fake.setStatus(uuid, 'DELIVERED', '2026-03-07T10:00:00+0300')
    expect((await notify(statusHook(uuid, 'DELIVERED'))).body).toEqual({ ok: true, applied: true })
    expect((await db().select().from(orders).where(eq(orders.id, id)))[0]!.status).toBe('delivered')
    expect(await history(id)).toEqual(['paid>assembling', 'assembling>shipped', 'shipped>delivered'])
    expect(await systemLines(id)).toHaveLength(3)

    // The order page's timeline: the carrier's statuses, the registration and the system's status steps.
    const detail = (await orderDetail(id, { role: 'owner' }))!
    const titles = detail.timeline.map((e) => e.title)
    expect(titles).toEqual(expect.arrayContaining(['Отправление зарегистрировано у перевозчика', 'СДЭК: Принят на склад отправителя', 'СДЭК: Вручён', 'Статус: «Передан в доставку» → «Доставлен»']))
    const step = detail.timeline.find((e) => e.title === 'Статус: «Передан в доставку» → «Доставлен»')!
    expect(step.author).toBe('Система: СДЭК')
    expect(detail.timeline.find((e) => e.title === 'СДЭК: Вручён')!.text).toContain('8880001')
  })

  it('leaves a returned parcel’s order as it is (no way back in the order process), and shows the status', async () => {
    const id = await cdekOrder()
    await db().update(orders).set({ status: 'shipped' }).where(eq(orders.id, id))
    const uuid = String((await call(shipmentPost, owner, 'POST', id)).body.uuid)
    fake.setStatus(uuid, 'NOT_DELIVERED', '2026-03-08T10:00:00+0300', '8880002')
    expect((await notify(statusHook(uuid, 'NOT_DELIVERED'))).body).toEqual({ ok: true, applied: true })
    expect((await db().select().from(orders).where(eq(orders.id, id)))[0]!.status).toBe('shipped')
    expect(await systemLines(id)).toHaveLength(0)
    const detail = (await orderDetail(id, { role: 'owner' }))!
    expect(detail.timeline.map((e) => e.title)).toContain('СДЭК: Не вручён, возврат')
  })
})

describe('the poll (housekeeping)', () => {
  it('re-reads open shipments not read for a while, and leaves final ones alone', async () => {
    const id = await cdekOrder()
    const { body } = await call(shipmentPost, owner, 'POST', id)
    const uuid = String(body.uuid)
    const fresh = await pollShipments()
    expect(fake.calls(`/orders/${uuid}`)).toBe(0)
    expect(fresh.read).toBe(0)

    clock = new Date(clock.getTime() + POLL_AFTER_MS + 60_000)
    fake.setStatus(uuid, 'SENT_TO_RECIPIENT_CITY', '2026-03-05T09:00:00+0300', '7770001')
    const polled = await pollShipments()
    expect(polled.changed).toBeGreaterThanOrEqual(1)
    expect(await shipmentRow(id)).toMatchObject({ statusCode: 'SENT_TO_RECIPIENT_CITY', trackNumber: '7770001' })

    // Final shipments (delivered ones above) are not asked again.
    clock = new Date(clock.getTime() + POLL_AFTER_MS + 60_000)
    const finals = await db().select({ uuid: carrierShipments.uuid }).from(carrierShipments).where(eq(carrierShipments.final, true))
    const before = finals.map((f) => fake.calls(`/orders/${f.uuid}`))
    await pollShipments()
    expect(finals.map((f) => fake.calls(`/orders/${f.uuid}`))).toEqual(before)
    expect(fake.calls(`/orders/${uuid}`)).toBe(2)
  })
})
