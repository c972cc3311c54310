import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { POST as fulfilmentPost } from '@/app/api/admin/orders/[id]/fulfilment/route'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { payments } from '@/db/schema'
import { changeStatus, cancelOrder, createOrder, type NewOrder } from '@/domains/orders/orders.server'
import { signCallback, type CallbackPayload } from '@/domains/payment/payment'
import { applyCallback, callbackSecret } from '@/domains/payment/payment.server'
import { offerWithStock } from '../support/checkout'
import { reloadEnv } from '../support/test-hooks'

/**
 * ADR 100: the buyer is mailed when the order is paid, shipped (track number and link) and
 * cancelled; each mail is queued in the status change's transaction, once per change, and read
 * here from the outbox.
 */
const TOKEN = 'lifecycle-admin-token-0123456789abcdef-0123'

beforeEach(() => {
  vi.stubEnv('ADMIN_API_TOKEN', TOKEN)
  reloadEnv()
})
afterEach(() => {
  vi.unstubAllEnvs()
  reloadEnv()
})

let counter = 0
async function placed(over: Partial<NewOrder> = {}, line?: { offerId: number; quantity: number }): Promise<{ id: number; email: string }> {
  counter += 1
  const email = `life${counter}.${Date.now().toString(36)}@example.ru`
  const id = await db().transaction(async (tx) => {
    const orderId = await createOrder(
      tx,
      {
        status: 'new',
        email,
        buyerName: 'Анна',
        paySystemCode: 'cash',
        paySystemName: 'Наличными или картой при получении',
        deliveryId: '1',
        deliveryName: 'Пункты выдачи СДЭК',
        basePrice: 90_000,
        goodsPrice: 90_000,
        total: 90_000,
        paymentToken: `tok${Math.random().toString(36).slice(2)}abcdefghijklmnop`,
        ...over,
      },
      [{ offerId: line?.offerId ?? null, name: 'Омега-3', quantity: line?.quantity ?? 1, basePrice: 90_000, price: 90_000, sum: 90_000 }],
      null,
    )
    return orderId
  })
  return { id, email }
}

type Mail = {
  subject: string
  text: string
}

async function mailsTo(email: string): Promise<Mail[]> {
  return queryRows<Mail>(
    db(),
    sql`select payload->>'subject' as subject, payload->>'text' as text from outbox where payload->>'to' = ${email} order by id`,
  )
}

async function backOffice(orderId: number, body: Record<string, unknown>): Promise<number> {
  const request = new Request(`http://localhost:3000/api/admin/orders/${orderId}/fulfilment/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body),
  })
  return (await fulfilmentPost(request, { params: Promise.resolve({ id: String(orderId) }) })).status
}

describe('order lifecycle mails', () => {
  it('mails "paid" once although the provider repeats its callback, and the text names the sum', async () => {
    const order = await placed({ status: 'awaiting_payment', paySystemCode: 'card', paySystemName: 'Банковской картой', total: 123_450 })
    const [payment] = await db()
      .insert(payments)
      .values({ orderId: order.id, provider: 'card', externalId: `ext-${order.id}-${Date.now()}`, amount: 123_450 })
      .returning()
    if (!payment) throw new Error('no payment')
    const ok: CallbackPayload = { paymentId: payment.externalId, status: 'succeeded', amount: '123450' }
    const results = []
    for (let i = 0; i < 3; i++) results.push(await applyCallback(db(), ok, signCallback(ok, callbackSecret())))
    expect(results).toEqual(['applied', 'duplicate', 'duplicate'])
    const mails = await mailsTo(order.email)
    expect(mails.map((m) => m.subject)).toEqual([`Заказ №${order.id} оплачен`])
    expect(mails[0]?.text).toContain('1\u00a0234,5\u00a0₽')
  })

  it('mails "shipped" with the track number and the carrier’s tracking link, once for a repeated request', async () => {
    const order = await placed()
    expect(await backOffice(order.id, { status: 'assembling' })).toBe(200)
    expect(await backOffice(order.id, { status: 'shipped', trackNumber: 'RA123456789RU', carrier: 'russianpost' })).toBe(200)
    expect(await backOffice(order.id, { status: 'shipped', trackNumber: 'RA123456789RU', carrier: 'russianpost' })).toBe(200)
    const mails = await mailsTo(order.email)
    expect(mails.map((m) => m.subject)).toEqual([`Заказ №${order.id} передан в доставку`])
    expect(mails[0]?.text).toContain('Трек-номер: RA123456789RU')
    expect(mails[0]?.text).toContain('Отследить посылку: https://www.pochta.ru/tracking?barcode=RA123456789RU')
  })

  it('sends a track number that arrives after shipping in its own mail, once per number', async () => {
    const order = await placed({ status: 'assembling' })
    expect(await backOffice(order.id, { status: 'shipped' })).toBe(200)
    expect((await mailsTo(order.email))[0]?.text).toContain('Трек-номер пришлём отдельным письмом')
    expect(await backOffice(order.id, { trackNumber: '1234567890' })).toBe(200)
    expect(await backOffice(order.id, { trackNumber: '1234567890' })).toBe(200)
    const mails = await mailsTo(order.email)
    expect(mails.map((m) => m.subject)).toEqual([`Заказ №${order.id} передан в доставку`, `Трек-номер заказа №${order.id}`])
    // The order's own service (СДЭК) is the carrier when the back office names none.
    expect(mails[1]?.text).toContain('https://www.cdek.ru/ru/tracking?order_id=1234567890')
  })

  it('mails "cancelled" once for three concurrent cancels; a paid order’s mail promises the refund', async () => {
    const offer = await offerWithStock(10, 60)
    const order = await placed({}, { offerId: offer.id, quantity: 1 })
    const results = await Promise.all([cancelOrder(db(), order.id), cancelOrder(db(), order.id), cancelOrder(db(), order.id)])
    expect(results.filter(Boolean)).toHaveLength(1)
    // The back office repeating the cancel is a no-op, not a second mail.
    expect(await backOffice(order.id, { status: 'cancelled' })).toBe(200)
    const mails = await mailsTo(order.email)
    expect(mails.map((m) => m.subject)).toEqual([`Заказ №${order.id} отменён`])
    expect(mails[0]?.text).not.toContain('вернём')

    const paid = await placed({ status: 'paid', paidAt: new Date() })
    expect(await changeStatus(db(), paid.id, 'cancelled')).toBe(true)
    expect((await mailsTo(paid.email))[0]?.text).toContain('Оплаченные 900\u00a0₽ вернём')
  })

  it('queues nothing when the status change is rolled back, and nothing for a step the table refuses', async () => {
    const order = await placed({ status: 'assembling' })
    await db()
      .transaction(async (tx) => {
        expect(await changeStatus(tx, order.id, 'shipped')).toBe(true)
        tx.rollback()
      })
      .catch(() => undefined)
    expect(await mailsTo(order.email)).toEqual([])
    expect(await changeStatus(db(), order.id, 'paid')).toBe(false)
    expect(await backOffice(order.id, { status: 'delivered', trackNumber: '1234567890' })).toBe(409)
    expect(await mailsTo(order.email)).toEqual([])
    // Control: the same step committed is mailed.
    expect(await changeStatus(db(), order.id, 'shipped')).toBe(true)
    expect((await mailsTo(order.email)).map((m) => m.subject)).toEqual([`Заказ №${order.id} передан в доставку`])
  })
})
