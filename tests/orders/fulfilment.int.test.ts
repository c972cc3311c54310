import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { POST } from '@/app/api/admin/orders/[id]/fulfilment/route'
import { db } from '@/db/client'
import { offers, users } from '@/db/schema'
import { historyOf } from '@/domains/account/order-history.server'
import { statusHistory } from '@/domains/orders/orders.db'
import { createOrder, orderById, type NewOrder } from '@/domains/orders/orders.server'
import { registered } from '../account/kit'
import { databaseFingerprint } from '../support/db-snapshot'
import { offerWithStock } from '../support/checkout'
import { formPost, newVisitor } from '../support/http'
import { reloadEnv } from '../support/test-hooks'

/**
 * The back office's fulfilment API (ADR 055): only the configured bearer token gets in, bad input is
 * a 4xx that changes nothing, and what it sets is what the buyer's order history shows.
 */
const TOKEN = 'test-admin-token-0123456789abcdef-0123456789'

beforeEach(() => {
  vi.stubEnv('ADMIN_API_TOKEN', TOKEN)
  reloadEnv()
})
afterEach(() => {
  vi.unstubAllEnvs()
  reloadEnv()
})

interface Sent {
  body?: unknown
  raw?: string
  token?: string | null
  authorization?: string
  contentType?: string
  id?: string
}

async function send(orderId: number | string, opts: Sent = {}): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers = new Headers({ 'content-type': opts.contentType ?? 'application/json' })
  const token = opts.token === undefined ? TOKEN : opts.token
  if (opts.authorization !== undefined) headers.set('authorization', opts.authorization)
  else if (token !== null) headers.set('authorization', `Bearer ${token}`)
  const id = String(orderId)
  const request = new Request(`http://localhost:3000/api/admin/orders/${id}/fulfilment/`, {
    method: 'POST',
    headers,
    body: opts.raw ?? JSON.stringify(opts.body ?? {}),
  })
  const response = await POST(request, { params: Promise.resolve({ id }) })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown>, headers: response.headers }
}

async function buyer(): Promise<number> {
  const { email } = await registered()
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error('no user')
  return row.id
}

async function placed(userId: number, over: Partial<NewOrder> = {}, line: { offerId: number; quantity: number } | null = null): Promise<number> {
  return db().transaction((tx) =>
    createOrder(
      tx,
      {
        userId,
        status: 'new',
        paySystemCode: 'cash',
        paySystemName: 'Наличными или картой при получении',
        deliveryId: '1',
        deliveryName: 'Пункты выдачи СДЭК',
        address: 'Москва, ул. Тверская, 7',
        basePrice: 90_000,
        goodsPrice: 90_000,
        total: 90_000,
        paymentToken: `tok${Math.random().toString(36).slice(2)}abcdefghijklmnop`,
        ...over,
      },
      [{ offerId: line?.offerId ?? null, name: 'Омега-3', quantity: line?.quantity ?? 1, basePrice: 90_000, price: 90_000, sum: 90_000 }],
      null,
    ),
  )
}

describe('back-office fulfilment API: who may call it', () => {
  it('does not exist while ADMIN_API_TOKEN is unset', async () => {
    const order = await placed(await buyer())
    vi.stubEnv('ADMIN_API_TOKEN', '')
    reloadEnv()
    const before = await databaseFingerprint()
    const answer = await send(order, { body: { fitoId: 'ФТ-1' } })
    expect(answer.status).toBe(404)
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('refuses a missing, wrong, truncated or differently sent token with 401 and changes nothing', async () => {
    const order = await placed(await buyer())
    const before = await databaseFingerprint()
    const attempts: Sent[] = [
      { token: null },
      { token: 'wrong-token-wrong-token-wrong-token-0000' },
      { token: TOKEN.slice(0, -1) },
      { token: `${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}` },
      { authorization: `bearer${TOKEN}` },
      { authorization: TOKEN },
    ]
    for (const attempt of attempts) {
      const answer = await send(order, { ...attempt, body: { fitoId: 'ФТ-1', status: 'cancelled' } })
      expect(answer.status, JSON.stringify(attempt)).toBe(401)
      expect(answer.headers.get('www-authenticate')).toBe('Bearer')
    }
    // A signed-in visitor's cookie session with its valid sessid is not a credential here.
    const session = formPost(`/api/admin/orders/${order}/fulfilment/`, { fitoId: 'ФТ-1' }, newVisitor())
    expect((await POST(session, { params: Promise.resolve({ id: String(order) }) })).status).toBe(401)
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('answers an unknown order the same way as a known one to a caller without the token', async () => {
    const order = await placed(await buyer())
    const known = await send(order, { token: null, body: { fitoId: 'x' } })
    const unknown = await send(999_999, { token: null, body: { fitoId: 'x' } })
    expect(unknown).toEqual(known)
  })
})

describe('back-office fulfilment API: bad input', () => {
  it('answers 4xx with a reason and writes nothing', async () => {
    const order = await placed(await buyer())
    const before = await databaseFingerprint()
    const cases: [Sent, number][] = [
      [{ contentType: 'application/x-www-form-urlencoded', raw: 'fitoId=1' }, 415],
      [{ raw: '{"fitoId":' }, 400],
      [{ raw: '"ФТ-1"' }, 400],
      [{ raw: '\u00ff\u00fe{}' }, 400],
      [{ body: {} }, 400],
      [{ body: { fitoid: 'ФТ-1' } }, 400],
      [{ body: { trackNumber: 'ab' } }, 400],
      [{ body: { trackNumber: '<img src=x>' } }, 400],
      [{ body: { carrier: 'dhl', trackNumber: '123456' } }, 400],
      [{ body: { status: 'paid' } }, 400],
      [{ raw: '{"fitoId":"ФТ-1","__proto__":{"status":"cancelled"}}' }, 400],
      [{ raw: JSON.stringify({ fitoId: 'x'.repeat(20_000) }) }, 413],
    ]
    for (const [sent, status] of cases) {
      const answer = await send(order, sent)
      expect(answer.status, JSON.stringify(sent)).toBe(status)
      expect(typeof answer.body.error, JSON.stringify(sent)).toBe('string')
    }
    for (const id of ['0', '-1', 'abc', '2147483648', '999999']) {
      expect((await send(id, { body: { fitoId: 'ФТ-1' } })).status, id).toBe(404)
    }
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('refuses a step the status table does not allow, and then applies nothing of the request', async () => {
    const order = await placed(await buyer())
    const answer = await send(order, { body: { fitoId: 'ФТ-77', status: 'delivered' } })
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({ error: 'Заказ в статусе «Принят» нельзя перевести в «Доставлен».', status: 'new', allowed: ['awaiting_payment', 'assembling', 'cancelled'] })
    const row = await orderById(db(), order)
    expect(row?.status).toBe('new')
    expect(row?.props).toEqual({})

    const unpaid = await placed(await buyer(), { status: 'awaiting_payment', paySystemCode: 'card' })
    expect((await send(unpaid, { body: { status: 'assembling' } })).status).toBe(409)
  })
})

describe('back-office fulfilment API: what the buyer sees', () => {
  it('sets the back-office number, the track number and the status; the order history shows them', async () => {
    const me = await buyer()
    const order = await placed(me)
    const first = await send(order, { body: { fitoId: ' ФТ-000123 ', trackNumber: '1234567890', status: 'assembling' } })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      order: { id: order, status: 'assembling', statusName: 'Собирается', fitoId: 'ФТ-000123', trackNumber: '1234567890', carrier: null },
    })
    let [shown] = await historyOf(me)
    expect(shown).toMatchObject({
      fitoId: 'ФТ-000123',
      track: '1234567890',
      deliveryTrackLink: 'https://www.cdek.ru/ru/tracking?order_id=1234567890',
      status: { NAME: 'Собирается' },
    })

    // Shipped with another carrier than the buyer chose: the link follows the carrier.
    expect((await send(order, { body: { status: 'shipped', carrier: 'russianpost', trackNumber: 'RA123456789RU' } })).status).toBe(200)
    ;[shown] = await historyOf(me)
    expect(shown).toMatchObject({ track: 'RA123456789RU', deliveryTrackLink: 'https://www.pochta.ru/tracking?barcode=RA123456789RU', status: { NAME: 'Передан в доставку' } })

    // An exchange that repeats itself changes nothing; null clears a value.
    expect((await send(order, { body: { status: 'shipped' } })).status).toBe(200)
    expect((await send(order, { body: { carrier: null } })).body).toMatchObject({ order: { status: 'shipped', carrier: null, fitoId: 'ФТ-000123' } })
    ;[shown] = await historyOf(me)
    expect(shown?.deliveryTrackLink).toBe('https://www.cdek.ru/ru/tracking?order_id=RA123456789RU')
    expect((await send(order, { body: { trackNumber: null } })).status).toBe(200)
    ;[shown] = await historyOf(me)
    expect(shown).toMatchObject({ fitoId: 'ФТ-000123', track: null, deliveryTrackLink: null })

    expect((await statusHistory(db(), order)).map((h) => h.toStatus)).toEqual(['new', 'assembling', 'shipped'])
  })

  it('cancels through the same path as the shop: stock comes back once', async () => {
    const offer = await offerWithStock(20, 3)
    const order = await placed(await buyer(), {}, { offerId: offer.id, quantity: 4 })
    const stock = async () => (await db().select({ stock: offers.stock }).from(offers).where(eq(offers.id, offer.id)))[0]?.stock
    expect((await send(order, { body: { status: 'cancelled' } })).status).toBe(200)
    expect(await stock()).toBe(24)
    expect((await send(order, { body: { status: 'cancelled' } })).status).toBe(200)
    expect((await send(order, { body: { status: 'assembling' } })).status).toBe(409)
    expect(await stock()).toBe(24)
  })
})
