import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { GET as listGet } from '@/app/api/admin/orders/route'
import { GET as exportGet } from '@/app/api/admin/orders/export/route'
import { GET as orderGet } from '@/app/api/admin/orders/[id]/route'
import { POST as statusPost } from '@/app/api/admin/orders/[id]/status/route'
import { POST as notesPost } from '@/app/api/admin/orders/[id]/notes/route'
import { db } from '@/db/client'
import { auditLog, orderNotes, orders } from '@/db/schema'
import { staff } from '@/db/schema/staff'
import type { StaffRole } from '@/domains/staff/permissions'
import { createApiToken } from '@/domains/staff/staff-admin.server'
import { openApiDocument } from '../openapi'
import { ADMIN_ENDPOINTS } from './index'

/** The orders endpoints of /api/admin/, called as an integration would (a bearer token per role). */
const secrets = {} as Record<StaffRole, string>
let orderId = 0

beforeAll(async () => {
  const [owner] = await db().insert(staff).values({ email: 'orders.api@example.ru', name: 'Владелец', role: 'owner' }).returning()
  const actor = { kind: 'staff' as const, id: owner!.id, name: owner!.name, role: 'owner' as const }
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) secrets[role] = (await createApiToken(actor, { name: `заказы ${role}`, role })).secret
  const [row] = await db()
    .insert(orders)
    .values({ buyerName: 'Пётр Сидоров', phone: '+7 (921) 555-44-33', email: 'petr@example.ru', locationCode: 'moskva', locationName: 'Москва', basePrice: 250_000, goodsPrice: 250_000, total: 250_000, paymentToken: 'api-test' })
    .returning({ id: orders.id })
  orderId = row!.id
})

type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>

async function call(handler: Handler, role: StaffRole, method: string, path: string, body?: unknown, params: Record<string, string> = {}) {
  const request = new Request(`http://shop.test${path}`, {
    method,
    headers: { authorization: `Bearer ${secrets[role]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  })
  return handler(request, { params: Promise.resolve(params) })
}

async function statusOf(id: number) {
  const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id))
  return row?.status
}

describe('GET /api/admin/orders', () => {
  it('finds the order by a phone written another way', async () => {
    const answer = await call(listGet, 'manager', 'GET', '/api/admin/orders?q=8%20921%20555%2044%2033')
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as { items: { id: number }[]; total: number; totalExact: boolean }
    expect(body).toMatchObject({ total: 1, totalExact: true, items: [{ id: orderId }] })
  })

  it('answers 400 with the field for a wrong filter, 403 to a role without orders.read', async () => {
    const bad = await call(listGet, 'manager', 'GET', '/api/admin/orders?status=lost')
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('status')
    expect((await call(listGet, 'content', 'GET', '/api/admin/orders')).status).toBe(403)
    expect((await call(listGet, 'warehouse', 'GET', '/api/admin/orders')).status).toBe(200)
  })
})

describe('GET /api/admin/orders/export', () => {
  it('sends CSV with a BOM, ; and Russian headers', async () => {
    const answer = await call(exportGet, 'manager', 'GET', '/api/admin/orders/export?q=petr@example.ru')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const bytes = new Uint8Array(await answer.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n')
    expect(lines[0]?.split(';').slice(0, 3)).toEqual(['Номер', 'Дата', 'Статус'])
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(';Пётр Сидоров;')
  })
})

describe('GET /api/admin/orders/{id}', () => {
  it('answers the order with its steps for the caller, 404 for a missing or malformed id', async () => {
    const answer = await call(orderGet, 'warehouse', 'GET', `/api/admin/orders/${orderId}`, undefined, { id: String(orderId) })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ id: orderId, status: 'new', steps: [], buyer: { name: 'Пётр Сидоров' } })
    const asManager = await call(orderGet, 'manager', 'GET', `/api/admin/orders/${orderId}`, undefined, { id: String(orderId) })
    expect(await asManager.json()).toMatchObject({ steps: ['assembling', 'cancelled'] })
    expect((await call(orderGet, 'manager', 'GET', '/api/admin/orders/2000000000', undefined, { id: '2000000000' })).status).toBe(404)
    expect((await call(orderGet, 'manager', 'GET', '/api/admin/orders/abc', undefined, { id: 'abc' })).status).toBe(404)
  })
})

describe('POST /api/admin/orders/{id}/status and /notes', () => {
  it('refuses the warehouse a cancel with 403 and changes nothing; the manager moves it', async () => {
    const params = { id: String(orderId) }
    const refused = await call(statusPost, 'warehouse', 'POST', `/api/admin/orders/${orderId}/status`, { status: 'cancelled' }, params)
    expect(refused.status).toBe(403)
    expect(await statusOf(orderId)).toBe('new')
    expect((await call(statusPost, 'content', 'POST', `/api/admin/orders/${orderId}/status`, { status: 'assembling' }, params)).status).toBe(403)
    expect((await call(statusPost, 'manager', 'POST', `/api/admin/orders/${orderId}/status`, { status: 'paid' }, params)).status).toBe(400)
    const moved = await call(statusPost, 'manager', 'POST', `/api/admin/orders/${orderId}/status`, { status: 'assembling', note: 'В работу' }, params)
    expect(moved.status).toBe(200)
    expect(await moved.json()).toEqual({ status: 'assembling', changed: true })
    expect((await call(statusPost, 'manager', 'POST', `/api/admin/orders/${orderId}/status`, { status: 'delivered' }, params)).status).toBe(409)
    const shipped = await call(statusPost, 'warehouse', 'POST', `/api/admin/orders/${orderId}/status`, { status: 'shipped', trackNumber: '1234567890' }, params)
    expect(shipped.status).toBe(200)
    expect(await statusOf(orderId)).toBe('shipped')
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(orderId))))
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['status', 'API: заказы manager'],
      ['status', 'API: заказы warehouse'],
    ])
  })

  it('adds a note; an empty one is 400', async () => {
    const params = { id: String(orderId) }
    expect((await call(notesPost, 'manager', 'POST', `/api/admin/orders/${orderId}/notes`, { text: '  ' }, params)).status).toBe(400)
    const added = await call(notesPost, 'manager', 'POST', `/api/admin/orders/${orderId}/notes`, { text: 'Позвонить до 18:00' }, params)
    expect(added.status).toBe(200)
    expect(await added.json()).toMatchObject({ author: 'API: заказы manager', text: 'Позвонить до 18:00' })
    expect((await call(notesPost, 'content', 'POST', `/api/admin/orders/${orderId}/notes`, { text: 'x' }, params)).status).toBe(403)
    expect(await db().select().from(orderNotes).where(eq(orderNotes.orderId, orderId))).toHaveLength(1)
  })
})

describe('OpenAPI', () => {
  it('describes the orders endpoints from their schemas', () => {
    const doc = openApiDocument(ADMIN_ENDPOINTS, 'http://shop.test') as { paths: Record<string, Record<string, { parameters: { name: string }[] }>> }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/admin/orders', '/api/admin/orders/{id}', '/api/admin/orders/{id}/status', '/api/admin/orders/{id}/notes', '/api/admin/orders/export']))
    expect(doc.paths['/api/admin/orders']?.get?.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['status', 'q', 'from', 'to', 'totalFrom', 'city', 'coupon', 'sort', 'page']))
  })
})
