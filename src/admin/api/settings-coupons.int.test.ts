import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { PATCH as settingsPatch, GET as settingsGet } from '@/app/api/admin/settings/route'
import { GET as couponsGet, POST as couponsPost } from '@/app/api/admin/coupons/route'
import { PATCH as couponPatch } from '@/app/api/admin/coupons/[id]/route'
import { POST as couponEnd } from '@/app/api/admin/coupons/[id]/end/route'
import { db } from '@/db/client'
import { settings } from '@/db/schema'
import { staff } from '@/db/schema/staff'
import { createApiToken } from '@/domains/staff/staff-admin.server'
import type { StaffRole } from '@/domains/staff/permissions'
import { openApiDocument } from '../openapi'
import { ADMIN_ENDPOINTS } from './index'

/** GET|PATCH /api/admin/settings and the coupons' endpoints, called as an integration would. */

const secrets = {} as Record<StaffRole, string>

beforeAll(async () => {
  const [owner] = await db().insert(staff).values({ email: 'api.owner@example.ru', name: 'Владелец API', role: 'owner' }).returning()
  const actor = { kind: 'staff' as const, id: owner!.id, name: owner!.name, role: 'owner' as const }
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) secrets[role] = (await createApiToken(actor, { name: `test ${role}`, role })).secret
})

type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>

async function call(handler: Handler, role: StaffRole, method: string, path: string, body?: unknown, params: Record<string, string> = {}) {
  const request = new Request(`http://shop.test${path}`, {
    method,
    headers: { authorization: `Bearer ${secrets[role]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  })
  const response = await handler(request, { params: Promise.resolve(params) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('/api/admin/settings', () => {
  it('the owner reads and changes settings; the change is stored', async () => {
    const read = await call(settingsGet, 'owner', 'GET', '/api/admin/settings')
    expect(read.status).toBe(200)
    expect((read.body.values as Record<string, unknown>).minOrderSum).toBe(20000)
    const changed = await call(settingsPatch, 'owner', 'PATCH', '/api/admin/settings', { minOrderSum: 30000 })
    expect(changed.status).toBe(200)
    const [row] = await db().select().from(settings).where(eq(settings.key, 'minOrderSum'))
    expect(row?.value).toBe(30000)
  })

  it('answers 400 with a Russian message per field', async () => {
    const bad = await call(settingsPatch, 'owner', 'PATCH', '/api/admin/settings', { minOrderSum: -1, 'shop.details': { bik: '12' } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual([
      { field: 'shop.details.bik', message: 'БИК — 9 цифр.' },
      { field: 'minOrderSum', message: 'Минимальная сумма заказа — от 0 до 1 000 000 ₽.' },
    ])
  })

  it('refuses roles without settings.read / settings.write with 403 and changes nothing', async () => {
    for (const role of ['manager', 'content', 'warehouse'] as const) {
      expect((await call(settingsGet, role, 'GET', '/api/admin/settings')).status).toBe(403)
      expect((await call(settingsPatch, role, 'PATCH', '/api/admin/settings', { minOrderSum: 1 })).status).toBe(403)
    }
    const [row] = await db().select().from(settings).where(eq(settings.key, 'minOrderSum'))
    expect(row?.value).not.toBe(1)
  })
})

describe('/api/admin/coupons', () => {
  it('a manager creates, changes, lists and ends a coupon', async () => {
    const created = await call(couponsPost, 'manager', 'POST', '/api/admin/coupons', { code: 'api-10', kind: 'percent', value: 10, maxUses: 100, perBuyerLimit: 1 })
    expect(created.status).toBe(200)
    const id = String(created.body.id)
    const changed = await call(couponPatch, 'manager', 'PATCH', `/api/admin/coupons/${id}`, { value: 12 }, { id })
    expect([changed.status, changed.body.value]).toEqual([200, 12])
    const listed = await call(couponsGet, 'manager', 'GET', '/api/admin/coupons?q=API-10')
    expect((listed.body.items as { code: string; usedCount: number }[]).map((c) => [c.code, c.usedCount])).toEqual([['API-10', 0]])
    const ended = await call(couponEnd, 'manager', 'POST', `/api/admin/coupons/${id}/end`, undefined, { id })
    expect([ended.status, ended.body.state]).toEqual([200, 'ended'])
    const again = await call(couponPatch, 'manager', 'PATCH', `/api/admin/coupons/${id}`, { value: 15 }, { id })
    expect([again.status, again.body.error]).toEqual([409, 'Промокод завершён: его нельзя изменить.'])
  })

  it('answers 400 with field errors, and 403 to roles without coupons.write', async () => {
    const bad = await call(couponsPost, 'owner', 'POST', '/api/admin/coupons', { code: 'X', kind: 'fixed', value: 0 })
    expect(bad.status).toBe(400)
    expect((bad.body.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(['code', 'value'])
    for (const role of ['content', 'warehouse'] as const) {
      expect((await call(couponsGet, role, 'GET', '/api/admin/coupons')).status).toBe(403)
      expect((await call(couponsPost, role, 'POST', '/api/admin/coupons', { code: 'NOPE1', kind: 'percent', value: 5 })).status).toBe(403)
    }
  })
})

describe('the OpenAPI document', () => {
  it('describes the settings and coupons endpoints from their schemas', () => {
    const doc = openApiDocument(ADMIN_ENDPOINTS, 'http://shop.test') as { paths: Record<string, Record<string, { requestBody?: unknown }>> }
    expect(Object.keys(doc.paths['/api/admin/settings'] ?? {}).sort()).toEqual(['get', 'patch'])
    expect(Object.keys(doc.paths['/api/admin/coupons/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch'])
    expect(JSON.stringify(doc.paths['/api/admin/settings']?.patch?.requestBody)).toContain('minOrderSum')
  })
})
