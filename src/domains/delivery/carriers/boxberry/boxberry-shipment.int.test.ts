import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { GET as shipmentGet, POST as shipmentPost } from '@/app/api/admin/orders/[id]/shipment/route'
import { POST as shipmentRefresh } from '@/app/api/admin/orders/[id]/shipment/refresh/route'
import { db } from '@/db/client'
import { carrierShipments, offers, orderLines, orders, outbox } from '@/db/schema'
import { FAKE_BOXBERRY_TOKEN, startFakeBoxberry, type FakeBoxberry } from '../../../../../tests/support/fake-boxberry'
import { adminRequest, signedInStaff } from '../../../../../tests/support/staff'
import { reloadEnv, setClock } from '../../../../../tests/support/test-hooks'
import { pollShipments, POLL_AFTER_MS } from '../../shipments/shipments.server'
import { SHIPMENT_MESSAGES } from '../../shipments/shipment-carrier'
import { BOXBERRY_SHIPMENT_MESSAGES, REGISTERED } from './boxberry-shipment'

/**
 * Boxberry parcels (ADR 193) through the carrier-neutral shipments domain (ADR 195), against the local
 * fake of Boxberry's JSON API: ParselCreate from the back office, ListStatuses read by the poll and by
 * «Обновить статус», the buyer's letter once when the parcel reaches the point, the refusals.
 */
let fake: FakeBoxberry
let owner: string
let warehouse: string
let clock = new Date('2026-03-04T07:00:00Z')
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms)
}
type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>

beforeAll(async () => {
  fake = await startFakeBoxberry()
  vi.stubEnv('BOXBERRY_TOKEN', FAKE_BOXBERRY_TOKEN)
  vi.stubEnv('BOXBERRY_API_URL', fake.url)
  vi.stubEnv('BOXBERRY_FROM_POINT', '68099')
  reloadEnv()
  owner = (await signedInStaff('owner')).cookie
  warehouse = (await signedInStaff('warehouse')).cookie
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
/** An order to a Boxberry point, as the checkout stores it: two pieces of a real offer. */
async function boxberryOrder(over: { point?: string; paid?: boolean } = {}): Promise<number> {
  const paid = over.paid ?? true
  const [offer] = await db().select().from(offers).limit(1)
  const [order] = await db()
    .insert(orders)
    .values({
      status: paid ? 'paid' : 'new',
      deliveryId: '2',
      deliveryName: 'Пункты выдачи Boxberry',
      locationCode: 'moskva',
      locationName: 'Москва',
      address: 'Тестовая ул, д.2',
      buyerName: 'Анна Иванова',
      email: `bxb-buyer-${++serial}@example.ru`,
      phone: '+7 (999) 123-45-67',
      props: { MICRO_HANDLER: 'boxberry', MICRO_POINT_ID: over.point ?? '68002' },
      basePrice: 198_000,
      goodsPrice: 198_000,
      deliveryPrice: 18_050,
      total: 216_050,
      paymentToken: `bxb-${serial}-${Date.now()}`,
      paidAt: paid ? clock : null,
    })
    .returning()
  await db().insert(orderLines).values({ orderId: order!.id, offerId: offer!.id, name: 'Витамин D3 2000 МЕ', quantity: 2, basePrice: 99_000, price: 99_000, sum: 198_000 })
  return order!.id
}

async function call(handler: Handler, cookie: string, method: string, id: number, suffix = '') {
  const response = await handler(adminRequest(method, `/api/admin/orders/${id}/shipment/${suffix}`, { cookie }, method === 'GET' ? undefined : {}), { params: Promise.resolve({ id: String(id) }) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const shipmentRow = async (orderId: number) => (await db().select().from(carrierShipments).where(eq(carrierShipments.orderId, orderId)))[0]
const readyMails = async (id: number) => db().select().from(outbox).where(eq(outbox.dedupeKey, `shipment-ready:${id}`))

describe('registering a Boxberry parcel (ParselCreate)', () => {
  it('sends the point, the hand-in point, the recipient, the goods and the parcel; keeps the track number; once', async () => {
    const id = await boxberryOrder()
    expect((await call(shipmentGet, warehouse, 'GET', id)).body).toMatchObject({ carrier: { code: 'boxberry', name: 'Boxberry' }, canRegister: true, shipment: null })
    const made = await call(shipmentPost, warehouse, 'POST', id)
    expect(made.status).toBe(200)
    expect(made.body).toMatchObject({ orderId: id, carrier: 'boxberry', pointCode: '68002', statusCode: REGISTERED, trackNumber: expect.stringMatching(/^BBR\d+$/) })
    expect(made.body.uuid).toBe(made.body.trackNumber)
    expect(fake.calls('ParselCreate')).toBe(1)
    const sent = fake.parcels.get(String(made.body.trackNumber))!.sdata
    expect(sent).toMatchObject({
      order_id: String(id),
      vid: 1,
      shop: { name: '68002', name1: '68099' },
      customer: { fio: 'Анна Иванова', phone: '+7 (999) 123-45-67' },
      price: 1980,
      // Paid: nothing to collect on receipt.
      payment_sum: 0,
      delivery_sum: 0,
      items: [{ name: 'Витамин D3 2000 МЕ', quantity: 2, price: 990, UnitName: 'шт' }],
    })
    expect((sent.weights as { weight: number }).weight).toBeGreaterThan(0)
    const [order] = await db().select().from(orders).where(eq(orders.id, id))
    expect(order!.props).toMatchObject({ TRACK_NUMBER: made.body.trackNumber, TRACK_CARRIER: 'boxberry' })

    const again = await call(shipmentPost, owner, 'POST', id)
    expect(again.status).toBe(409)
    expect(again.body.error).toBe(SHIPMENT_MESSAGES.exists)
    expect(fake.calls('ParselCreate')).toBe(1)
  })

  it('asks an unpaid order’s goods and delivery on receipt', async () => {
    const id = await boxberryOrder({ paid: false })
    const made = await call(shipmentPost, owner, 'POST', id)
    expect(made.status).toBe(200)
    expect(fake.parcels.get(String(made.body.trackNumber))!.sdata).toMatchObject({ price: 1980, payment_sum: 2160.5, delivery_sum: 180.5 })
  })

  it('Boxberry refusing (an unknown point) or down leaves no shipment row and says why', async () => {
    const refused = await boxberryOrder({ point: '99999' })
    const answer = await call(shipmentPost, owner, 'POST', refused)
    expect(answer.status).toBe(409)
    expect(String(answer.body.error)).toContain(BOXBERRY_SHIPMENT_MESSAGES.refused)
    expect(String(answer.body.error)).toContain('Пункт выдачи не найден')
    expect(await shipmentRow(refused)).toBeUndefined()

    const later = await boxberryOrder()
    fake.mode = 'down'
    const down = await call(shipmentPost, owner, 'POST', later)
    expect(down.status).toBe(409)
    expect(down.body.error).toBe(BOXBERRY_SHIPMENT_MESSAGES.down)
    expect(await shipmentRow(later)).toBeUndefined()
    fake.mode = 'ok'
    expect((await call(shipmentPost, owner, 'POST', later)).status).toBe(200)
  })
})

describe('following a Boxberry parcel (ListStatuses)', () => {
  it('the poll reads a new status; the letter goes once when the parcel reaches the point; a replay changes nothing', async () => {
    const id = await boxberryOrder()
    const track = String((await call(shipmentPost, owner, 'POST', id)).body.trackNumber)
    const shipment = (await shipmentRow(id))!

    // Negative control first: read with nothing new at Boxberry, no letter.
    advance(POLL_AFTER_MS + 60_000)
    await pollShipments()
    expect(await shipmentRow(id)).toMatchObject({ statusCode: 'Загружен реестр ИМ', final: false })
    expect(await readyMails(shipment.id)).toHaveLength(0)

    fake.setStatus(track, 'Принято к доставке', '2026-03-04 18:00:00')
    fake.setStatus(track, 'Поступило в пункт выдачи', '2026-03-06 11:30:00')
    advance(POLL_AFTER_MS + 60_000)
    const polled = await pollShipments()
    expect(polled.changed).toBeGreaterThanOrEqual(1)
    const at = (await shipmentRow(id))!
    expect(at).toMatchObject({ statusCode: 'Поступило в пункт выдачи', statusName: 'Поступило в пункт выдачи', final: false })
    expect(at.statusAt?.toISOString()).toBe('2026-03-06T08:30:00.000Z')
    expect(at.readyMailedAt).not.toBeNull()
    const mails = await readyMails(shipment.id)
    expect(mails).toHaveLength(1)
    expect((mails[0]!.payload as { subject: string }).subject).toBe(`Заказ №${id} ждёт вас в пункте выдачи Boxberry`)
    expect((mails[0]!.payload as { text: string }).text).toContain(track)

    // The same answer read again (the poll, «Обновить статус»): nothing changes, no second letter.
    advance(POLL_AFTER_MS + 60_000)
    await pollShipments()
    const refreshed = await call(shipmentRefresh, owner, 'POST', id, 'refresh/')
    expect(refreshed.body).toMatchObject({ statusCode: 'Поступило в пункт выдачи' })
    const replayed = (await shipmentRow(id))!
    expect({ ...replayed, checkedAt: null }).toEqual({ ...at, checkedAt: null })
    expect(await readyMails(shipment.id)).toHaveLength(1)

    // Handed to the buyer: final, and the poll stops asking.
    fake.setStatus(track, 'Выдано', '2026-03-07 10:00:00')
    advance(POLL_AFTER_MS + 60_000)
    await pollShipments()
    expect((await shipmentRow(id))!).toMatchObject({ statusCode: 'Выдано', final: true })
    expect((await shipmentRow(id))!.statuses.map((s) => s.code)).toEqual(['Загружен реестр ИМ', 'Принято к доставке', 'Поступило в пункт выдачи', 'Выдано'])
    const readsOf = () => fake.log.filter((l) => l.method === 'ListStatuses' && l.query.ImId === track).length
    const reads = readsOf()
    advance(POLL_AFTER_MS + 60_000)
    await pollShipments()
    expect(readsOf()).toBe(reads)
    expect(await readyMails(shipment.id)).toHaveLength(1)
  })

  it('a read Boxberry cannot answer keeps the shipment and records the error', async () => {
    const id = await boxberryOrder()
    await call(shipmentPost, owner, 'POST', id)
    const before = (await shipmentRow(id))!
    fake.mode = 'down'
    advance(POLL_AFTER_MS + 60_000)
    const polled = await pollShipments()
    expect(polled.failed).toBeGreaterThanOrEqual(1)
    const after = (await shipmentRow(id))!
    expect(after).toMatchObject({ statusCode: before.statusCode, trackNumber: before.trackNumber })
    expect(after.lastError).toContain('503')
  })
})
