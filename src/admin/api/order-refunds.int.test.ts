import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { GET, POST } from '@/app/api/admin/orders/[id]/refunds/route'
import { db } from '@/db/client'
import { auditLog, orderLines, orders, paymentRefunds, payments } from '@/db/schema'
import { staff } from '@/db/schema/staff'
import { REFUND_MESSAGES } from '@/domains/payment/refund'
import type { StaffRole } from '@/domains/staff/permissions'
import { createApiToken } from '@/domains/staff/staff-admin.server'
import { openApiDocument } from '../openapi'
import { ADMIN_ENDPOINTS } from './index'

/** POST and GET /api/admin/orders/{id}/refunds as an integration calls them (a bearer token per role). */
const secrets = {} as Record<StaffRole, string>

beforeAll(async () => {
  const [owner] = await db().insert(staff).values({ email: 'refunds.api@example.ru', name: 'Владелец', role: 'owner' }).returning()
  const actor = { kind: 'staff' as const, id: owner!.id, name: owner!.name, role: 'owner' as const }
  for (const role of ['owner', 'manager', 'warehouse'] as const) secrets[role] = (await createApiToken(actor, { name: `возвраты ${role}`, role })).secret
})

/** 2 × 1 500 ₽ and delivery 250 ₽, paid online by card, or in cash on delivery. */
async function order(paid: 'card' | 'cash') {
  const [row] = await db()
    .insert(orders)
    .values({ status: paid === 'card' ? 'paid' : 'delivered', paySystemCode: paid, basePrice: 300_000, goodsPrice: 300_000, deliveryPrice: 25_000, total: 325_000, paymentToken: `api-refund-${paid}-${Date.now()}`, paidAt: new Date() })
    .returning({ id: orders.id })
  const [line] = await db().insert(orderLines).values({ orderId: row!.id, name: 'Коллаген', quantity: 2, basePrice: 150_000, price: 150_000, sum: 300_000 }).returning()
  if (paid === 'card') await db().insert(payments).values({ orderId: row!.id, provider: 'card', externalId: `api-refund-${row!.id}`, amount: 325_000, status: 'succeeded' })
  return { id: row!.id, lineId: line!.id }
}

function call(handler: typeof GET, role: StaffRole, id: number, body?: unknown) {
  const request = new Request(`http://shop.test/api/admin/orders/${id}/refunds`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${secrets[role]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  })
  return handler(request, { params: Promise.resolve({ id: String(id) }) })
}

describe('POST /api/admin/orders/{id}/refunds', () => {
  it('refunds a piece through the provider and the order page reads paid, refunded and left', async () => {
    const o = await order('card')
    const answer = await call(POST, 'manager', o.id, { lines: [{ id: o.lineId, quantity: 1 }], comment: 'Брак упаковки' })
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as { amount: number; refunds: { status: string }[] }
    expect(body).toMatchObject({ amount: 150_000, refunds: [{ status: 'succeeded', error: null }] })
    const summary = await call(GET, 'warehouse', o.id)
    expect(summary.status).toBe(200)
    expect(await summary.json()).toMatchObject({
      paid: 325_000,
      refunded: 150_000,
      left: 175_000,
      deliveryLeft: 25_000,
      lines: [{ id: o.lineId, quantity: 1, amount: 150_000 }],
      refunds: [{ amount: 150_000, reason: 'staff', status: 'succeeded', comment: 'Брак упаковки', author: 'API: возвраты manager', lines: [{ lineId: o.lineId, quantity: 1 }] }],
    })
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(o.id)), eq(auditLog.action, 'refund')))
    expect(audit.map((a) => a.actor)).toEqual(['API: возвраты manager'])
  })

  it('answers 409 with the reason for a cash order and for more than is left, 400 for a bad body, 404 for no order; nothing is written', async () => {
    const cash = await order('cash')
    const refused = await call(POST, 'owner', cash.id, { full: true })
    expect([refused.status, await refused.json()]).toEqual([409, { error: REFUND_MESSAGES['nothing-paid'], reason: 'nothing-paid' }])
    const card = await order('card')
    const tooMany = await call(POST, 'owner', card.id, { lines: [{ id: card.lineId, quantity: 3 }] })
    expect([tooMany.status, ((await tooMany.json()) as { reason: string }).reason]).toEqual([409, 'too-many'])
    const tooMuch = await call(POST, 'owner', card.id, { amount: 325_001 })
    expect([tooMuch.status, ((await tooMuch.json()) as { reason: string }).reason]).toEqual([409, 'too-much'])
    const bad = await call(POST, 'owner', card.id, { lines: [{ id: card.lineId, quantity: 0 }] })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('lines.0.quantity')
    expect((await call(POST, 'owner', card.id, {})).status).toBe(400)
    expect((await call(POST, 'owner', 99_999_999, { full: true })).status).toBe(404)
    expect((await call(GET, 'owner', 99_999_999)).status).toBe(404)
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, card.id))).toHaveLength(0)
  })

  it('is the manager’s and the owner’s, not the warehouse’s', async () => {
    const o = await order('card')
    expect((await call(POST, 'warehouse', o.id, { full: true })).status).toBe(403)
    expect((await call(POST, 'owner', o.id, { full: true })).status).toBe(200)
  })

  it('is described in the OpenAPI document', () => {
    const doc = openApiDocument(ADMIN_ENDPOINTS, 'http://shop.test') as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths['/api/admin/orders/{id}/refunds'] ?? {}).sort()).toEqual(['get', 'post'])
  })
})
