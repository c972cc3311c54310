import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { auditLog, partnerProducts, partners } from '@/db/schema'
import { loadPartnerLinks, loadPartnerOutlets } from '@/domains/catalog/catalog.server'
import { EDIT_MESSAGES } from '@/domains/edits/edits'
import type { DistributorView, PartnerView } from '@/domains/partners/partners-admin.schema'
import { distributorsList } from '@/domains/showcases/showcases.server'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import {
  addOutletEndpoint,
  createDistributorEndpoint,
  createPartnerEndpoint,
  listDistributorsEndpoint,
  listPartnersEndpoint,
  removeOutletEndpoint,
  updateDistributorEndpoint,
  updateOutletEndpoint,
  updatePartnerEndpoint,
} from './partners'

/** Partners, their outlets and the distributors through /api/admin/ (issue 20, ADR 202), and the storefront after each. */

type Auth = { cookie: string }
const as: Record<'content' | 'manager' | 'warehouse', Auth> = {} as never
type Refused = { error: string; errors: { field: string; message: string }[] }

beforeAll(async () => {
  for (const role of ['content', 'manager', 'warehouse'] as const)
    as[role] = { cookie: (await signedInStaff(role)).cookie }
})

async function call<T = PartnerView>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  options: { id?: number; body?: unknown } = {},
) {
  const response = await callEndpoint(endpoint, auth, {
    params: options.id === undefined ? undefined : { id: String(options.id) },
    body: options.body,
  })
  return { status: response.status, body: (await response.json()) as T }
}

describe('partners through /api/admin/', () => {
  it('a hidden partner is gone from the products’ «Где купить» and its map for a buyer, and comes back when shown', async () => {
    const [link] = await db()
      .select({ partnerId: partnerProducts.partnerId, productId: partnerProducts.productId })
      .from(partnerProducts)
      .limit(1)
    const [partner] = await db()
      .select({ code: partners.code, title: partners.title })
      .from(partners)
      .where(eq(partners.id, link!.partnerId))
    const titles = async () =>
      ((await loadPartnerLinks([link!.productId]))[link!.productId] ?? []).map((p) => p.title)
    expect(await titles()).toContain(partner!.title)
    expect((await loadPartnerOutlets(partner!.code)).length).toBeGreaterThan(0)

    const hidden = await call(updatePartnerEndpoint, as.content, {
      id: link!.partnerId,
      body: { active: false },
    })
    expect(hidden.body.active).toBe(false)
    expect(hidden.body.products).toBeGreaterThan(0)
    expect(await titles()).not.toContain(partner!.title)
    expect(await loadPartnerOutlets(partner!.code)).toEqual([])

    await call(updatePartnerEndpoint, as.content, {
      id: link!.partnerId,
      body: { active: true, title: 'Аптека Плюс' },
    })
    expect(await titles()).toContain('Аптека Плюс')
    const audit = await db()
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'partner'), eq(auditLog.objectId, String(link!.partnerId))))
      .orderBy(auditLog.id)
    expect(audit).toEqual([
      { before: { active: true }, after: { active: false } },
      { before: { active: false, title: partner!.title }, after: { active: true, title: 'Аптека Плюс' } },
    ])
  })

  it('creates a partner, adds, moves and removes an outlet; the map follows', async () => {
    const created = await call(createPartnerEndpoint, as.content, {
      body: { code: 'vitapharm', title: 'ВитаФарм', link: 'https://vitapharm.example.ru/' },
    })
    expect(created.status).toBe(200)
    const added = await call(addOutletEndpoint, as.content, {
      id: created.body.id,
      body: {
        code: 'vitapharm-kzn-1',
        name: 'ВитаФарм на Баумана',
        address: 'Казань, ул. Баумана, 7',
        lat: 55.7899,
        lon: 49.1144,
      },
    })
    expect(added.body.outlets).toEqual([
      expect.objectContaining({ name: 'ВитаФарм на Баумана', lat: 55.7899 }),
    ])
    expect(await loadPartnerOutlets('vitapharm')).toEqual([
      expect.objectContaining({ address: 'Казань, ул. Баумана, 7' }),
    ])
    const outletId = added.body.outlets[0]!.id
    await call(updateOutletEndpoint, as.content, { id: outletId, body: { lat: 55.79, lon: 49.12 } })
    expect(await loadPartnerOutlets('vitapharm')).toEqual([
      expect.objectContaining({ lat: 55.79, lon: 49.12 }),
    ])
    const removed = await call(removeOutletEndpoint, as.content, { id: outletId })
    expect(removed.body.outlets).toEqual([])
    expect(await loadPartnerOutlets('vitapharm')).toEqual([])
    expect(
      (await call<{ items: PartnerView[] }>(listPartnersEndpoint, as.warehouse)).body.items.map(
        (p) => p.code,
      ),
    ).toContain('vitapharm')
  })

  it('refuses bad fields in Russian: a taken code, a javascript: link, coordinates off the globe', async () => {
    const [first] = await db().select({ code: partners.code }).from(partners).limit(1)
    const taken = await call<Refused>(createPartnerEndpoint, as.content, {
      body: { code: first!.code.toUpperCase(), title: 'Дубль', link: 'https://x.example.ru/' },
    })
    expect(taken.body.errors).toEqual([{ field: 'code', message: EDIT_MESSAGES.codeTaken }])
    const bad = await call<Refused>(createPartnerEndpoint, as.content, {
      body: {
        code: 'bad',
        title: 'Плохой',
        link: 'javascript:alert(1)',
        image: 'data:image/png;base64,AAAA',
      },
    })
    expect(Object.fromEntries(bad.body.errors.map((e) => [e.field, e.message]))).toEqual({
      link: EDIT_MESSAGES.link,
      image: EDIT_MESSAGES.image,
    })
    const [partner] = await db().select({ id: partners.id }).from(partners).limit(1)
    const off = await call<Refused>(addOutletEndpoint, as.content, {
      id: partner!.id,
      body: { code: 'off-1', name: 'Где-то', address: 'Нигде, 1', lat: 91, lon: 200 },
    })
    expect(Object.fromEntries(off.body.errors.map((e) => [e.field, e.message]))).toEqual({
      lat: EDIT_MESSAGES.lat,
      lon: EDIT_MESSAGES.lon,
    })
  })

  it('the manager and the warehouse read but may not change', async () => {
    const [partner] = await db().select({ id: partners.id, title: partners.title }).from(partners).limit(1)
    for (const role of ['manager', 'warehouse'] as const) {
      const refused = await call<Refused>(updatePartnerEndpoint, as[role], {
        id: partner!.id,
        body: { title: 'Чужая правка' },
      })
      expect(refused).toMatchObject({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
    }
    const [after] = await db()
      .select({ title: partners.title })
      .from(partners)
      .where(eq(partners.id, partner!.id))
    expect(after!.title).toBe(partner!.title)
  })
})

describe('distributors through /api/admin/', () => {
  it('creates, renames and hides a distributor; the home page’s list follows', async () => {
    const before = await distributorsList()
    const created = await call<DistributorView>(createDistributorEndpoint, as.content, {
      body: {
        code: 'nord-distrib',
        title: 'Норд Дистрибуция',
        link: 'https://nord.example.ru/',
        image: '/upload/distributors/nord.svg',
        sort: 1,
      },
    })
    expect(created.status).toBe(200)
    expect((await distributorsList())[0]).toMatchObject({
      title: 'Норд Дистрибуция',
      link: 'https://nord.example.ru/',
    })
    expect(await distributorsList()).toHaveLength(before.length + 1)
    await call(updateDistributorEndpoint, as.content, { id: created.body.id, body: { title: 'Норд' } })
    expect((await distributorsList())[0]!.title).toBe('Норд')
    await call(updateDistributorEndpoint, as.content, { id: created.body.id, body: { active: false } })
    expect((await distributorsList()).map((d) => d.title)).not.toContain('Норд')
    const list = await call<{ items: DistributorView[] }>(listDistributorsEndpoint, as.manager)
    expect(list.body.items.find((d) => d.id === created.body.id)).toMatchObject({ active: false })
  })
})
