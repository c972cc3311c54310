import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { orders } from '@/db/schema'
import { refreshOrder, saveOrder } from '@/domains/checkout/checkout.server'
import { toCheckoutForm } from '@/domains/checkout/checkout.schema'
import { Refusal } from '@/lib/refusal'
import { offerWithStock, orderFields, paySystemId, visitorWithBasket } from '../../../tests/support/checkout'
import { reloadEnv } from '../../../tests/support/test-hooks'
import { sandboxChoice, sandboxView } from './payment.server'

/**
 * Hole 1 of issue 16 (ADR 152): the sandbox marks orders paid without money, so a production shop
 * offers card and Долями only with PAYMENT_SANDBOX=1 (there is no real provider yet).
 */
/**
 * A production shop without carrier keys delivers only by its own means (ADR 187), so the orders of a
 * production case go to the shop's own pickup point in Moscow (the seed's).
 */
const OWN_PICKUP = { deliveryId: '5', props: { MICRO_HANDLER: 'shop', MICRO_POINT_ID: 'SHOP-DEMO-0001' } }
let delivery: typeof OWN_PICKUP | null = null

afterEach(() => {
  vi.unstubAllEnvs()
  reloadEnv()
  delivery = null
})

function production(vars: Record<string, string> = {}): void {
  delivery = OWN_PICKUP
  vi.stubEnv('SHOP_MODE', 'production')
  vi.stubEnv('PUBLIC_URL', 'https://vitamarket.example')
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value)
  reloadEnv()
}

async function formFor(code: string) {
  const fields = await orderFields({ pay: await paySystemId(code), ...delivery })
  return toCheckoutForm(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^order\[(.+)\]$/, '$1'), v])))
}

async function offeredCodes(skip: number): Promise<string[]> {
  const offer = await offerWithStock(20, skip)
  const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
  const answer = await refreshOrder(visitor.sessionId, await formFor('cash'))
  if (!('order' in answer) || !answer.order) throw new Error(`no checkout: ${JSON.stringify(answer)}`)
  const ids = new Map<string, string>()
  for (const code of ['card', 'dolyame', 'bill', 'cash']) ids.set(await paySystemId(code), code)
  return answer.order.PAY_SYSTEM.map((p) => ids.get(String(p.ID)) ?? `?${p.ID}`)
}

async function placeWith(code: string, skip: number) {
  const offer = await offerWithStock(20, skip)
  const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
  const answer = await saveOrder(visitor.sessionId, await formFor(code))
  const id = 'order' in answer && 'ID' in answer.order ? Number(answer.order.ID) : null
  return { answer, id, sessionId: visitor.sessionId }
}

describe('online payment by shop mode', () => {
  it('offers card and Долями in a demo, where the sandbox takes the payment', async () => {
    expect(await offeredCodes(60)).toEqual(expect.arrayContaining(['card', 'dolyame', 'cash']))
    const { id } = await placeWith('card', 61)
    expect(id).not.toBeNull()
  })

  it('offers neither in production mode without PAYMENT_SANDBOX=1, and refuses a save that names one', async () => {
    production()
    const codes = await offeredCodes(62)
    expect(codes).not.toContain('card')
    expect(codes).not.toContain('dolyame')
    expect(codes).toContain('cash')
    const ordersBefore = (await db().select({ id: orders.id }).from(orders)).length
    for (const [code, skip] of [['card', 63], ['dolyame', 64]] as const) {
      const { answer, id } = await placeWith(code, skip)
      expect(id).toBeNull()
      expect(JSON.stringify(answer)).toContain('PAY_SYSTEM')
    }
    expect((await db().select({ id: orders.id }).from(orders)).length).toBe(ordersBefore)
    // Offline methods still work.
    expect((await placeWith('cash', 65)).id).not.toBeNull()
  })

  it('shuts the sandbox page and its buttons in production mode, even for an order placed before', async () => {
    const { id } = await placeWith('card', 66)
    const [order] = await db().select().from(orders).where(eq(orders.id, id ?? 0))
    if (!order) throw new Error('no order')
    expect(await sandboxView(db(), order.paymentToken)).not.toBeNull()
    production()
    expect(await sandboxView(db(), order.paymentToken)).toBeNull()
    await expect(sandboxChoice({ token: order.paymentToken, outcome: 'pay' })).rejects.toBeInstanceOf(Refusal)
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id))
    expect(after?.status).toBe('awaiting_payment')
  })

  it('runs the sandbox in production mode with PAYMENT_SANDBOX=1', async () => {
    production({ PAYMENT_SANDBOX: '1', SESSION_SECRET: 'x'.repeat(40) })
    expect(await offeredCodes(67)).toEqual(expect.arrayContaining(['card', 'dolyame']))
    const { id } = await placeWith('card', 68)
    const [order] = await db().select().from(orders).where(eq(orders.id, id ?? 0))
    expect(order && (await sandboxView(db(), order.paymentToken))).toBeTruthy()
  })
})
