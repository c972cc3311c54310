import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { GET as shipmentGet, POST as shipmentPost } from '@/app/api/admin/orders/[id]/shipment/route'
import { POST as shipmentRefresh } from '@/app/api/admin/orders/[id]/shipment/refresh/route'
import { db } from '@/db/client'
import { carrierShipments, offers, orderLines, orders, outbox } from '@/db/schema'
import { FAKE_POCHTA_KEYS, startFakePochta, type FakePochta } from '../../../../../tests/support/fake-pochta'
import { adminRequest, signedInStaff } from '../../../../../tests/support/staff'
import { reloadEnv } from '../../../../../tests/support/test-hooks'
import type { ShipmentRequest } from '../../shipments/shipment-carrier'
import { POCHTA_SHIPMENT_MESSAGES as M } from './pochta-shipment'
import { pochtaShipments } from './pochta-shipment.server'

/**
 * Почта России parcels through otpravka (ADR 194) against the local fake (tests/support/fake-pochta.ts):
 * the backlog entry sent, the refusals, a status read while new and after the post has moved the parcel on.
 */
let fake: FakePochta
let warehouse: string

function keys(shipments: 'true' | 'false') {
  vi.stubEnv('POCHTA_TOKEN', FAKE_POCHTA_KEYS.token)
  vi.stubEnv('POCHTA_LOGIN', FAKE_POCHTA_KEYS.login)
  vi.stubEnv('POCHTA_PASSWORD', FAKE_POCHTA_KEYS.password)
  vi.stubEnv('POCHTA_TARIFF_URL', fake.url)
  vi.stubEnv('POCHTA_API_URL', fake.url)
  vi.stubEnv('POCHTA_FROM_INDEX', '101000')
  vi.stubEnv('POCHTA_SHIPMENTS', shipments)
  reloadEnv()
}

beforeAll(async () => {
  fake = await startFakePochta()
  keys('true')
  warehouse = (await signedInStaff('warehouse')).cookie
})

afterAll(async () => {
  vi.unstubAllEnvs()
  reloadEnv()
  await fake.close()
})

beforeEach(() => {
  fake.mode = 'ok'
})

function request(over: Partial<ShipmentRequest['order']> = {}, pointCode = '420001'): ShipmentRequest {
  return {
    q: db(),
    order: {
      id: 5012,
      buyerName: 'Анна Сергеевна Петрова',
      email: 'anna@example.ru',
      phone: '+7 (912) 345-67-89',
      paid: true,
      deliveryKopecks: 36_600,
      lines: [{ name: 'Омега-3', offerId: 12, priceKopecks: 99_000, quantity: 2, weightGrams: 200 }],
      ...over,
    },
    city: { code: 'kazan', name: 'Казань', region: 'Республика Татарстан' },
    lines: [{ name: 'Омега-3', externalId: 12, priceKopecks: 99_000, quantity: 2, weight: 200, width: 60, length: 60, height: 120 }],
    pkg: { weightGrams: 400, lengthCm: 10, widthCm: 10, heightCm: 10 },
    mode: 'pickup',
    pointCode,
    address: '',
  }
}

describe('Почта России registration: PUT /1.0/user/backlog', () => {
  it('sends «Посылка онлайн» до востребования to the office’s index, with the account’s keys, and keeps otpravka’s id', async () => {
    const outcome = await pochtaShipments.register(request())
    expect(outcome).toMatchObject({ ok: true, trackNumber: '', statusCode: 'NEW', statusName: 'Создан в «Отправке»', tariffCode: 23030 })
    const ref = outcome.ok ? outcome.ref : ''
    expect(ref).toMatch(/^rp-\d+$/)
    expect(fake.orders.get(Number(ref.slice(3)))).toBeDefined()
    const sent = fake.log.filter((l) => l.method === 'PUT' && l.path === '/1.0/user/backlog').at(-1)!
    expect(sent.headers.authorization).toBe(`AccessToken ${FAKE_POCHTA_KEYS.token}`)
    expect(sent.body).toEqual([
      {
        'order-num': '5012',
        'mail-type': 'ONLINE_PARCEL',
        'mail-category': 'ORDINARY',
        'mail-direct': 643,
        mass: 400,
        'address-type-to': 'DEMAND',
        'index-to': 420001,
        'place-to': 'Казань',
        'region-to': 'Республика Татарстан',
        'recipient-name': 'Анна Сергеевна Петрова',
        'given-name': 'Анна',
        'middle-name': 'Сергеевна',
        surname: 'Петрова',
        'tel-address': 79123456789,
        'recipient-email': 'anna@example.ru',
        'postoffice-code': '101000',
        'sms-notice-recipient': 1,
      },
    ])
  })

  it('an unpaid order goes with its total as declared value and cash on delivery', async () => {
    expect((await pochtaShipments.register(request({ id: 5013, paid: false }))).ok).toBe(true)
    const sent = (fake.log.filter((l) => l.path === '/1.0/user/backlog').at(-1)!.body as Record<string, unknown>[])[0]
    // 2 × 990 ₽ goods + 366 ₽ delivery.
    expect(sent).toMatchObject({ 'mail-category': 'WITH_DECLARED_VALUE_AND_CASH_ON_DELIVERY', 'insr-value': 234_600, payment: 234_600 })
  })

  it('refuses before calling: registration switched off, no phone, no office index; and says why otpravka refused', async () => {
    const calls = fake.calls('/1.0/user/backlog')
    keys('false')
    try {
      expect(pochtaShipments.registrationBlocker()).toBe(M.disabled)
      expect(await pochtaShipments.register(request())).toEqual({ ok: false, kind: 'refused', message: M.disabled })
    } finally {
      keys('true')
    }
    expect(pochtaShipments.registrationBlocker()).toBeNull()
    expect(await pochtaShipments.register(request({ phone: '' }))).toEqual({ ok: false, kind: 'refused', message: M.noPhone })
    expect(await pochtaShipments.register(request({}, 'SDK-1'))).toEqual({ ok: false, kind: 'refused', message: M.badIndex })
    expect(fake.calls('/1.0/user/backlog')).toBe(calls)

    // A recipient otpravka cannot address (no surname): its error list is the message.
    const refused = await pochtaShipments.register(request({ buyerName: '   ' }))
    expect(refused).toMatchObject({ ok: false, kind: 'refused' })
    expect(!refused.ok && refused.message).toContain('Не заполнено поле surname')
  })

  it('a wrong token is a refusal, the post down is “try later”, and neither leaves an order at the post', async () => {
    const before = fake.orders.size
    vi.stubEnv('POCHTA_TOKEN', 'wrong-token')
    reloadEnv()
    try {
      const wrong = await pochtaShipments.register(request({ id: 5014 }))
      expect(wrong).toMatchObject({ ok: false, kind: 'refused' })
      expect(!wrong.ok && wrong.message).toContain('401')
    } finally {
      keys('true')
    }
    fake.mode = 'down'
    expect(await pochtaShipments.register(request({ id: 5015 }))).toEqual({ ok: false, kind: 'down', message: M.down })
    expect(fake.orders.size).toBe(before)
  })
})

describe('Почта России status read', () => {
  it('while new: no track number, no status; in a batch: the ШПИ and the last operation in our terms', async () => {
    const outcome = await pochtaShipments.register(request({ id: 5020 }))
    const ref = outcome.ok ? outcome.ref : ''
    const id = Number(ref.slice(3))
    expect(await pochtaShipments.read(ref)).toEqual({ ok: true, reading: { trackNumber: '', statuses: [], invalid: null } })

    fake.setOperation(id, { type: 'ID_ASSIGNMENT', attr: 'ID_ASSIGNED', name: 'Присвоен трек-номер', date: '2026-03-04T08:00:00.000Z' })
    const assigned = await pochtaShipments.read(ref)
    const track = `8010${String(id).padStart(10, '0')}`
    expect(assigned).toEqual({ ok: true, reading: { trackNumber: track, statuses: [{ code: 'ID_ASSIGNED', name: 'Присвоен трек-номер', at: '2026-03-04T08:00:00.000Z', city: '' }], invalid: null } })

    // The tracking reference's codes (type 8 Обработка, attribute 2 «Прибыло в место вручения») decide, not the name.
    fake.setOperation(id, { type: '8', attr: '2', name: 'Обработка', date: '2026-03-06T09:30:00.000Z' })
    const arrived = await pochtaShipments.read(ref)
    expect(arrived.ok && arrived.reading.statuses).toEqual([{ code: 'ARRIVED', name: 'Прибыл в место вручения', at: '2026-03-06T09:30:00.000Z', city: '' }])
    expect(pochtaShipments.readyStatuses.has('ARRIVED')).toBe(true)
    expect(pochtaShipments.finalStatuses.has('ARRIVED')).toBe(false)

    fake.setOperation(id, { type: '2', attr: '1', name: 'Вручение адресату', date: '2026-03-07T12:00:00.000Z' })
    const handed = await pochtaShipments.read(ref)
    expect(handed.ok && handed.reading.statuses[0]?.code).toBe('DELIVERED')
    expect(pochtaShipments.finalStatuses.has('DELIVERED')).toBe(true)
    expect(pochtaShipments.outcomes?.DELIVERED).toBe('delivered')
  })

  it('an unknown id or the post down is an error to retry, not a status', async () => {
    expect(await pochtaShipments.read('rp-999999999')).toMatchObject({ ok: false, error: expect.stringContaining('404') })
    expect(await pochtaShipments.read('999999999')).toMatchObject({ ok: false, error: 'not an otpravka id: 999999999' })
    fake.mode = 'down'
    expect(await pochtaShipments.read('rp-900001')).toMatchObject({ ok: false, error: expect.stringContaining('503') })
  })
})

type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>

async function route(handler: Handler, method: string, id: number, suffix = '') {
  const response = await handler(adminRequest(method, `/api/admin/orders/${id}/shipment/${suffix}`, { cookie: warehouse }, method === 'GET' ? undefined : {}), {
    params: Promise.resolve({ id: String(id) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A paid order to a Kazan post office, as the checkout stores it: two pieces of a real offer. */
async function postOrder(): Promise<number> {
  const [offer] = await db().select().from(offers).limit(1)
  const [order] = await db()
    .insert(orders)
    .values({
      status: 'paid',
      deliveryId: '3',
      deliveryName: 'Почта России',
      locationCode: 'kazan',
      locationName: 'Казань',
      address: 'г Казань, ул Почтовая, д 2',
      buyerName: 'Анна Иванова',
      email: 'post-buyer@example.ru',
      phone: '+7 (999) 123-45-67',
      props: { MICRO_HANDLER: 'russianpost', MICRO_POINT_ID: '420001', MICRO_TYPE: 'POST' },
      basePrice: 198_000,
      goodsPrice: 198_000,
      total: 198_000,
      paymentToken: `post-ship-${Date.now()}`,
      paidAt: new Date('2026-03-04T07:00:00Z'),
    })
    .returning()
  await db().insert(orderLines).values({ orderId: order!.id, offerId: offer!.id, name: 'Витамин D3 2000 МЕ', quantity: 2, basePrice: 99_000, price: 99_000, sum: 198_000 })
  return order!.id
}

describe('Почта России through the back office’s shipment panel (ADR 195’s domain)', () => {
  it('registers an order to a post office, then a status read brings the ШПИ and, at the office, the buyer’s letter once', async () => {
    const orderId = await postOrder()
    expect((await route(shipmentGet, 'GET', orderId)).body).toMatchObject({ shipment: null, canRegister: true })
    const made = await route(shipmentPost, 'POST', orderId)
    expect(made.status).toBe(200)
    expect(made.body).toMatchObject({ orderId, carrier: 'pochta', pointCode: '420001', statusCode: 'NEW', trackNumber: '' })
    expect((await route(shipmentPost, 'POST', orderId)).status).toBe(409)

    const [row] = await db().select().from(carrierShipments).where(eq(carrierShipments.orderId, orderId))
    const id = Number(row!.uuid.slice(3))
    fake.setOperation(id, { type: '8', attr: '2', name: 'Прибыло в место вручения', date: '2026-03-06T09:30:00.000Z' })
    const read = await route(shipmentRefresh, 'POST', orderId, 'refresh/')
    expect(read.status).toBe(200)
    const track = `8010${String(id).padStart(10, '0')}`
    const [after] = await db().select().from(carrierShipments).where(eq(carrierShipments.orderId, orderId))
    expect(after).toMatchObject({ trackNumber: track, statusCode: 'ARRIVED', final: false })
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order?.props).toMatchObject({ TRACK_NUMBER: track, TRACK_CARRIER: 'russianpost' })
    const mails = () => db().select().from(outbox).where(eq(outbox.dedupeKey, `shipment-ready:${after!.id}`))
    expect(await mails()).toHaveLength(1)
    await route(shipmentRefresh, 'POST', orderId, 'refresh/')
    expect(await mails()).toHaveLength(1)
  })

  it('is not offered while the shop has registration switched off', async () => {
    const orderId = await postOrder()
    keys('false')
    try {
      expect((await route(shipmentGet, 'GET', orderId)).body).toMatchObject({ canRegister: false, reason: M.disabled })
      expect((await route(shipmentPost, 'POST', orderId)).status).toBe(409)
    } finally {
      keys('true')
    }
  })
})
