import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST } from '@/app/(shop)/payment/callback/route'
import { db } from '@/db/client'
import { orders, payments } from '@/db/schema'
import { saveOrder } from '@/domains/checkout/checkout.server'
import { toCheckoutForm } from '@/domains/checkout/checkout.schema'
import { offerWithStock, orderFields, paySystemId, visitorWithBasket } from '../../../tests/support/checkout'
import { databaseFingerprint } from '../../../tests/support/db-snapshot'
import { signCallback, type CallbackPayload } from './payment'
import { callbackSecret } from './payment.server'

/** POST /payment/callback/ over HTTP: the machine-to-machine wrapper in front of the R6 use-case. */
const URL_ = 'http://localhost:3000/payment/callback/'

function post(body: BodyInit, type = 'application/json', init: RequestInit = {}) {
  return POST(new Request(URL_, { method: 'POST', headers: { 'content-type': type }, body, ...init }))
}

async function pendingCardPayment() {
  const offer = await offerWithStock(20, 7)
  const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
  const fields = await orderFields({ pay: await paySystemId('card') })
  const nested = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^order\[(.+)\]$/, '$1'), v]))
  const answer = await saveOrder(visitor.sessionId, toCheckoutForm(nested))
  if (!('order' in answer) || !('ID' in answer.order)) throw new Error(`order not placed: ${JSON.stringify(answer)}`)
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, Number(answer.order.ID)))
  return payment!
}

describe('POST /payment/callback/', () => {
  it('pays a signed notification once, as JSON or as a form; a repeat is a duplicate', async () => {
    const payment = await pendingCardPayment()
    const ok: CallbackPayload = { paymentId: payment.externalId, status: 'succeeded', amount: String(payment.amount) }
    const signed = { ...ok, signature: signCallback(ok, callbackSecret()) }
    const first = await post(JSON.stringify(signed))
    expect([first.status, await first.json()]).toEqual([200, { result: 'applied' }])
    const again = await post(new URLSearchParams(signed).toString(), 'application/x-www-form-urlencoded')
    expect([again.status, await again.json()]).toEqual([200, { result: 'duplicate' }])
    const [order] = await db().select().from(orders).where(eq(orders.id, payment.orderId))
    expect(order?.status).toBe('paid')
  })

  it('refuses a bad signature, broken JSON and broken UTF-8 and changes nothing', async () => {
    const payment = await pendingCardPayment()
    const before = await databaseFingerprint()
    const forged = { paymentId: payment.externalId, status: 'succeeded', amount: String(payment.amount), signature: 'f'.repeat(64) }
    const bad = await post(JSON.stringify(forged))
    expect([bad.status, await bad.json()]).toEqual([403, { result: 'bad-signature' }])
    for (const body of ['{"paymentId":', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])]) {
      const answer = await post(body)
      expect([answer.status, await answer.json()]).toEqual([400, { result: 'bad-request' }])
    }
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('stops reading a body at 4 KB instead of reading it whole', async () => {
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 10 MB in 1 KB chunks; a reader that reads it whole pulls all of them.
        if (pulled >= 10 * 1024 * 1024) return controller.close()
        pulled += 1024
        controller.enqueue(new Uint8Array(1024).fill(0x20))
      },
    })
    const answer = await post(endless, 'application/json', { duplex: 'half' } as RequestInit)
    expect(answer.status).toBe(413)
    expect(pulled).toBeLessThanOrEqual(8 * 1024)
  })
})
