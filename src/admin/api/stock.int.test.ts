import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { auditLog, offers, products, sections } from '@/db/schema'
import { loadProductPage } from '@/domains/catalog/catalog.server'
import type { GridConflict, StockGridList, StockGridRow, StockGridSaved } from '@/domains/catalog/stock-grid.schema'
import { lowStockOffers } from '@/domains/catalog/stock-grid.server'
import { dashboard } from '@/domains/dashboard/dashboard.server'
import { updateSettings } from '@/domains/settings/settings.server'
import { waitFor } from '../../../tests/support/change-feed'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { saveStockGridEndpoint, stockGridEndpoint } from './stock'

/** The stock grid's API (issue 20, ADR 185): batch saves, conflicts, per-field rights, thresholds. */
type Auth = { cookie: string }
const as: Record<'owner' | 'content' | 'warehouse' | 'manager', Auth> = {} as never
let product: { id: number; code: string; sectionCode: string }
let rows: StockGridRow[]
let ownerId: number

async function call<T = Record<string, unknown>>(endpoint: Parameters<typeof callEndpoint>[0], auth: Auth, options: { body?: unknown; query?: string } = {}) {
  const response = await callEndpoint(endpoint, auth, options)
  return { status: response.status, body: (await response.json()) as T }
}

const expected = (r: StockGridRow) => ({ stock: r.stock, price: r.price, oldPrice: r.oldPrice, lowStockThreshold: r.lowStockThreshold })

beforeAll(async () => {
  for (const role of ['owner', 'content', 'warehouse', 'manager'] as const) {
    const member = await signedInStaff(role)
    as[role] = { cookie: member.cookie }
    if (role === 'owner') ownerId = member.id
  }
  // A published product of the seed with at least three offers, none of them on sale.
  const [row] = await db()
    .select({ id: products.id, code: products.code, sectionCode: sections.code })
    .from(products)
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .where(eq(products.active, true))
    .orderBy(products.id)
    .limit(1)
  product = row!
  const ids = (await db().select({ id: offers.id }).from(offers).where(eq(offers.productId, product.id))).map((o) => o.id)
  await db().update(offers).set({ oldPrice: null, active: true, stock: 50, lowStockThreshold: null }).where(inArray(offers.id, ids))
  const list = await call<StockGridList>(stockGridEndpoint, as.warehouse, { query: `q=${encodeURIComponent(product.code)}` })
  expect(list.status).toBe(200)
  rows = list.body.items.filter((r) => r.productId === product.id)
  expect(rows.length).toBeGreaterThan(0)
})

describe('GET|PATCH /api/admin/stock', () => {
  it('saves many rows in one request, audits each, and the product page shows the new stock within a second', async () => {
    const inStockOnPage = async (offerId: number) => {
      const page = await loadProductPage(product.sectionCode, product.code)
      return page.kind === 'found' ? page.page.card.offers.find((o) => o.id === offerId)?.inStock : undefined
    }
    const target = rows[0]!
    expect(await inStockOnPage(target.offerId)).toBe(true)
    const changes = rows.map((r, i) => ({ offerId: r.offerId, expected: expected(r), set: { stock: i === 0 ? 0 : 7 + i } }))
    const saved = await call<StockGridSaved>(saveStockGridEndpoint, as.warehouse, { body: { changes } })
    expect(saved.status).toBe(200)
    expect(saved.body.saved).toBe(rows.length)
    expect(saved.body.rows.find((r) => r.offerId === target.offerId)?.stock).toBe(0)
    const audit = await db()
      .select({ objectId: auditLog.objectId, action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'offer'), inArray(auditLog.objectId, rows.map((r) => String(r.offerId)))))
    expect(audit).toHaveLength(rows.length)
    expect(audit.find((a) => a.objectId === String(target.offerId))).toMatchObject({ action: 'stock', before: { stock: 50 }, after: { stock: 0 } })
    await waitFor(async () => (await inStockOnPage(target.offerId)) === false, 1_000)
    rows = saved.body.rows.sort((a, b) => rows.findIndex((r) => r.offerId === a.offerId) - rows.findIndex((r) => r.offerId === b.offerId))
  })

  it('a row changed since the grid loaded refuses the whole save with the row named; nothing is written', async () => {
    const [a, b] = [rows[0]!, rows.at(-1)!]
    // Someone else (an order, another keeper) moves row a after the grid loaded it.
    await db().update(offers).set({ stock: 3 }).where(eq(offers.id, a.offerId))
    const changes = [
      { offerId: a.offerId, expected: expected(a), set: { stock: 40 } },
      ...(a.offerId === b.offerId ? [] : [{ offerId: b.offerId, expected: expected(b), set: { stock: 41 } }]),
    ]
    const refused = await call<{ error: string; conflicts: GridConflict[] }>(saveStockGridEndpoint, as.warehouse, { body: { changes } })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe('Часть строк изменили после загрузки таблицы — ничего не сохранено.')
    expect(refused.body.conflicts).toEqual([
      { offerId: a.offerId, sku: a.sku, message: 'Строку изменили после загрузки таблицы: проверьте новые значения и сохраните ещё раз.', current: { ...expected(a), stock: 3 } },
    ])
    const now = await db().select({ id: offers.id, stock: offers.stock }).from(offers).where(inArray(offers.id, [a.offerId, b.offerId]))
    expect(now.find((r) => r.id === a.offerId)?.stock).toBe(3)
    expect(now.find((r) => r.id === b.offerId)?.stock).toBe(a.offerId === b.offerId ? 3 : b.stock)

    // Saved again against the values it now shows, it goes through.
    const again = await call<StockGridSaved>(saveStockGridEndpoint, as.warehouse, { body: { changes: [{ offerId: a.offerId, expected: { ...expected(a), stock: 3 }, set: { stock: 40 } }] } })
    expect([again.status, again.body.saved]).toEqual([200, 1])
    rows[0] = again.body.rows[0]!
  })

  it('stock and thresholds are the warehouse’s, prices the catalogue’s', async () => {
    const r = rows[0]!
    const stockChange = { changes: [{ offerId: r.offerId, expected: expected(r), set: { stock: 11 } }] }
    const priceChange = { changes: [{ offerId: r.offerId, expected: expected(r), set: { price: r.price + 100 } }] }
    const refusals = [
      await call(saveStockGridEndpoint, as.warehouse, { body: priceChange }),
      await call(saveStockGridEndpoint, as.content, { body: stockChange }),
      await call(saveStockGridEndpoint, as.manager, { body: stockChange }),
      await call(saveStockGridEndpoint, as.manager, { body: priceChange }),
    ]
    expect(refusals.map((x) => [x.status, x.body.error])).toEqual([
      [403, 'Цены меняют контент-редактор и владелец.'],
      [403, 'Остатки и пороги меняют склад и владелец.'],
      [403, 'Остатки и пороги меняют склад и владелец.'],
      [403, 'Цены меняют контент-редактор и владелец.'],
    ])
    const [stored] = await db().select({ stock: offers.stock, price: offers.price }).from(offers).where(eq(offers.id, r.offerId))
    expect(stored).toEqual({ stock: r.stock, price: r.price })

    const priced = await call<StockGridSaved>(saveStockGridEndpoint, as.content, { body: priceChange })
    expect([priced.status, priced.body.rows[0]?.price]).toEqual([200, r.price + 100])
    const owner = await call<StockGridSaved>(saveStockGridEndpoint, as.owner, {
      body: { changes: [{ offerId: r.offerId, expected: expected(priced.body.rows[0]!), set: { stock: 12, oldPrice: r.price + 5_000 } }] },
    })
    expect(owner.status).toBe(200)
    rows[0] = owner.body.rows[0]!

    // An old price not above the price is refused in Russian, naming the SKU.
    const bad = await call(saveStockGridEndpoint, as.content, { body: { changes: [{ offerId: r.offerId, expected: expected(rows[0]!), set: { oldPrice: 1 } }] } })
    expect([bad.status, bad.body.error]).toEqual([400, `${r.sku}: Старая цена должна быть больше цены; пусто — без скидки.`])
  })

  it('lists offers at or below their threshold (their own, else the shop’s), on the grid and the dashboard', async () => {
    const [low, own] = [rows[0]!, rows.at(-1)!]
    await db().update(offers).set({ stock: 4, lowStockThreshold: null }).where(eq(offers.id, low.offerId))
    const lowIds = async () => (await call<StockGridList>(stockGridEndpoint, as.warehouse, { query: 'low=1' })).body.items.map((i) => i.offerId)
    expect(await lowIds()).toContain(low.offerId)
    // The shop-wide default (5) moved to 3: stock 4 is no longer low.
    await updateSettings(db(), { kind: 'staff', id: ownerId, name: 'test', role: 'owner' }, { 'stock.lowThreshold': 3 })
    expect(await lowIds()).not.toContain(low.offerId)
    expect((await lowStockOffers(db(), 1000)).map((o) => o.offerId)).not.toContain(low.offerId)

    if (own.offerId !== low.offerId) {
      const fresh = (await call<StockGridList>(stockGridEndpoint, as.warehouse, { query: `q=${encodeURIComponent(own.sku)}` })).body.items[0]!
      const set = await call<StockGridSaved>(saveStockGridEndpoint, as.warehouse, { body: { changes: [{ offerId: own.offerId, expected: expected(fresh), set: { stock: 20, lowStockThreshold: 25 } }] } })
      expect(set.body.rows[0]).toMatchObject({ stock: 20, lowStockThreshold: 25, low: true })
      expect(await lowIds()).toContain(own.offerId)
      const board = await dashboard()
      expect(board.lowStock.find((o) => o.offerId === own.offerId)).toMatchObject({ stock: 20, threshold: 25 })
    }
    await updateSettings(db(), { kind: 'staff', id: ownerId, name: 'test', role: 'owner' }, { 'stock.lowThreshold': 5 })
  })

  it('refuses a save without changes, duplicates and more than 200 rows, in Russian', async () => {
    const r = rows[0]!
    const one = { offerId: r.offerId, expected: expected(r), set: { stock: 1 } }
    const answers = [
      await call(saveStockGridEndpoint, as.warehouse, { body: { changes: [] } }),
      await call(saveStockGridEndpoint, as.warehouse, { body: { changes: [one, one] } }),
      await call(saveStockGridEndpoint, as.warehouse, { body: { changes: [{ ...one, set: { stock: -1 } }] } }),
    ]
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400])
    expect(answers.map((a) => a.body.error)).toEqual(['Нет изменений.', 'Одно предложение встречается в изменениях дважды.', 'Остаток — целое число от 0; пусто — не учитывается.'])
  })
})
