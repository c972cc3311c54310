import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { auditLog, products } from '@/db/schema'
import { SHOWCASE_MESSAGES as M, type ShowcaseTabView } from '@/domains/catalog/catalog-structure-showcases'
import { mainpageProductTabs } from '@/domains/showcases/showcases.server'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { createShowcaseTabEndpoint, deleteShowcaseTabEndpoint, listShowcaseTabsEndpoint, reorderShowcaseTabsEndpoint, updateShowcaseTabEndpoint } from './catalog-structure'

/** The home page's showcase tabs through /api/admin/ (issue 20, ADR 192), and the home page after each change. */

type Auth = { cookie: string }
const as: Record<'content' | 'warehouse', Auth> = {} as never

beforeAll(async () => {
  for (const role of ['content', 'warehouse'] as const) as[role] = { cookie: (await signedInStaff(role)).cookie }
})

async function call<T = Record<string, unknown>>(endpoint: Parameters<typeof callEndpoint>[0], auth: Auth, options: { id?: number; body?: unknown } = {}) {
  const response = await callEndpoint(endpoint, auth, { params: options.id === undefined ? undefined : { id: String(options.id) }, body: options.body })
  return { status: response.status, body: (await response.json()) as T }
}

async function tabs(): Promise<ShowcaseTabView[]> {
  return (await call<{ items: ShowcaseTabView[] }>(listShowcaseTabsEndpoint, as.content)).body.items
}

describe('home showcase tabs through /api/admin/', () => {
  it('renames and reorders the popular-products tabs, audited, and the home page follows', async () => {
    const block = (await tabs()).filter((t) => t.block === 'mainpage-products')
    expect(block.length).toBeGreaterThanOrEqual(2)
    await mainpageProductTabs()
    const renamed = await call<ShowcaseTabView>(updateShowcaseTabEndpoint, as.content, { id: block[0]!.id, body: { title: 'Выбор покупателей', anchor: 'choice' } })
    expect(renamed.status).toBe(200)
    expect((await mainpageProductTabs())[0]).toMatchObject({ title: 'Выбор покупателей', anchor: 'choice' })

    const order = [block[1]!.id, block[0]!.id, ...block.slice(2).map((t) => t.id)]
    expect((await call(reorderShowcaseTabsEndpoint, as.content, { body: { block: 'mainpage-products', tabIds: order } })).status).toBe(200)
    const home = await mainpageProductTabs()
    expect(home.map((t) => t.anchor).slice(0, 2)).toEqual([block[1]!.anchor, 'choice'])

    const audit = await db().select({ action: auditLog.action, after: auditLog.after }).from(auditLog).where(eq(auditLog.objectType, 'showcase_tab')).orderBy(auditLog.id)
    expect(audit.slice(-2)).toEqual([
      { action: 'update', after: { title: 'Выбор покупателей', anchor: 'choice' } },
      { action: 'reorder', after: { tabIds: order } },
    ])
    expect((await call<{ error: string }>(reorderShowcaseTabsEndpoint, as.content, { body: { block: 'mainpage-products', tabIds: order.slice(1) } })).body.error).toBe(M.order)
  })

  it('sets the products of a manual tab by code, refuses unknown codes and non-manual tabs', async () => {
    const all = await tabs()
    const manual = all.find((t) => t.block === 'mainpage-products' && t.rule === 'manual')
    const automatic = all.find((t) => t.block === 'mainpage-products' && t.rule !== 'manual')
    const picks = await db().select({ id: products.id, code: products.code }).from(products).where(eq(products.active, true)).limit(3)
    if (manual) {
      const set = await call<ShowcaseTabView>(updateShowcaseTabEndpoint, as.content, { id: manual.id, body: { productCodes: picks.map((p) => p.code).reverse() } })
      expect(set.status).toBe(200)
      expect(set.body.products.map((p) => p.code)).toEqual(picks.map((p) => p.code).reverse())
      const home = (await mainpageProductTabs()).find((t) => t.anchor === manual.anchor)
      expect(home?.productIds).toEqual(picks.map((p) => p.id).reverse())
      const unknown = await call<{ error: string }>(updateShowcaseTabEndpoint, as.content, { id: manual.id, body: { productCodes: ['no-such-product'] } })
      expect(unknown).toMatchObject({ status: 400, body: { error: `${M.unknownProducts}: no-such-product.` } })
    }
    if (automatic) {
      const refused = await call<{ error: string }>(updateShowcaseTabEndpoint, as.content, { id: automatic.id, body: { productCodes: [picks[0]!.code] } })
      expect(refused).toMatchObject({ status: 400, body: { error: M.notManual } })
    }
    expect(manual ?? automatic).toBeDefined()
  })

  it('refuses a taken anchor in the same block, and the warehouse may not change tabs', async () => {
    const block = (await tabs()).filter((t) => t.block === 'mainpage-products')
    const taken = await call<{ error: string }>(updateShowcaseTabEndpoint, as.content, { id: block[0]!.id, body: { anchor: block[1]!.anchor } })
    expect(taken).toMatchObject({ status: 400, body: { error: M.anchorTaken } })
    const warehouse = await call<{ error: string }>(updateShowcaseTabEndpoint, as.warehouse, { id: block[0]!.id, body: { title: 'Склад' } })
    expect(warehouse).toEqual({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
    const [current] = (await tabs()).filter((t) => t.id === block[0]!.id)
    expect(current!.title).toBe(block[0]!.title)
  })
})

describe('creating and deleting tabs (ADR 204)', () => {
  it('a rule tab is added last, the home page shows it at once; deleted, it goes; audited both ways', async () => {
    const before = await mainpageProductTabs()
    const created = await call<ShowcaseTabView>(createShowcaseTabEndpoint, as.content, { body: { block: 'mainpage-products', title: 'Новинки месяца', anchor: 'month-new', rule: 'new' } })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ block: 'mainpage-products', title: 'Новинки месяца', anchor: 'month-new', rule: 'new', active: true, products: [] })
    const home = await mainpageProductTabs()
    expect(home.map((t) => t.anchor)).toEqual([...before.map((t) => t.anchor), 'month-new'])

    const taken = await call<{ error: string }>(createShowcaseTabEndpoint, as.content, { body: { block: 'mainpage-products', title: 'Ещё', anchor: 'month-new' } })
    expect([taken.status, taken.body.error]).toEqual([400, M.anchorTaken])
    const setsWithRule = await call<{ error: string }>(createShowcaseTabEndpoint, as.content, { body: { block: 'sets-from-experts', title: 'Наборы', anchor: 'sets-x', rule: 'hit' } })
    expect([setsWithRule.status, setsWithRule.body.error]).toEqual([400, M.rule])

    const deleted = await call<{ items: ShowcaseTabView[] }>(deleteShowcaseTabEndpoint, as.content, { id: created.body.id })
    expect(deleted.status).toBe(200)
    expect(deleted.body.items.map((t) => t.id)).not.toContain(created.body.id)
    expect((await mainpageProductTabs()).map((t) => t.anchor)).toEqual(before.map((t) => t.anchor))
    const audit = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.objectId, String(created.body.id))).orderBy(auditLog.id)
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete'])
  })

  it('a manual tab takes its products; the last tab of a block is not deleted; the warehouse may not create', async () => {
    const created = await call<ShowcaseTabView>(createShowcaseTabEndpoint, as.content, { body: { block: 'sets-from-experts', title: 'Сезонные наборы', anchor: 'season' } })
    expect(created.body.rule).toBe('manual')
    const sets = (await tabs()).filter((t) => t.block === 'sets-from-experts')
    for (const tab of sets.slice(0, -1)) expect((await call(deleteShowcaseTabEndpoint, as.content, { id: tab.id })).status).toBe(200)
    const last = await call<{ error: string }>(deleteShowcaseTabEndpoint, as.content, { id: sets.at(-1)!.id })
    expect([last.status, last.body.error]).toEqual([409, M.lastTab])
    expect((await tabs()).filter((t) => t.block === 'sets-from-experts')).toHaveLength(1)
    const refused = await call<{ error: string }>(createShowcaseTabEndpoint, as.warehouse, { body: { block: 'mainpage-products', title: 'Склад', anchor: 'stock' } })
    expect([refused.status, refused.body.error]).toEqual([403, ADMIN_MESSAGES.forbidden])
  })
})
