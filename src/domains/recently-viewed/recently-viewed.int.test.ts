import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as recentlyViewed } from '@/app/ajax/recently-viewed/route'
import { db } from '@/db/client'
import { offers, products, recentlyViewed as recentlyViewedTable, users } from '@/db/schema'
import { ensureSession } from '@/domains/session/session.server'
import { formPost, newVisitor, type Visitor } from '../../../tests/support/http'
import type { SeenProduct } from './recently-viewed'
import { mergeRecentlyViewedIntoAccount } from './recently-viewed.server'
import { setClock } from '../../../tests/support/test-hooks'

async function productId(code: string): Promise<number> {
  const [row] = await db().select({ id: products.id }).from(products).where(eq(products.code, code))
  if (!row) throw new Error(`no product ${code}`)
  return row.id
}

async function view(visitor: Visitor, id: number) {
  return recentlyViewed(formPost('/ajax/recently-viewed/', { action: 'add', productId: id }, visitor))
}

async function list(visitor: Visitor, exclude?: number) {
  const res = await recentlyViewed(formPost('/ajax/recently-viewed/', { action: 'get', ...(exclude ? { exclude } : {}) }, visitor))
  expect(res.status).toBe(200)
  return (await res.json()) as { items: SeenProduct[]; similar: SeenProduct[] }
}

let tick = Date.parse('2026-03-01T10:00:00Z')
function advanceClock() {
  tick += 60_000
  const at = tick
  setClock(() => new Date(at))
}
describe('POST /ajax/recently-viewed/', () => {
  it('keeps each visitor’s views apart, newest first, a repeat view moving to the front', async () => {
    const a = newVisitor()
    const b = newVisitor()
    const [d3, omega, zinc] = await Promise.all([
      productId('p1-vitamin-d3-2000-me-evalar'),
      productId('p1-omega-3-1000-evalar'),
      productId('p1-tsink-khelat-solgar'),
    ])
    for (const id of [d3, omega, zinc, d3]) {
      advanceClock()
      expect((await view(a, id)).status).toBe(200)
    }
    advanceClock()
    await view(b, omega)
    expect((await list(a)).items.map((i) => i.id)).toEqual([d3, zinc, omega])
    expect((await list(b)).items.map((i) => i.id)).toEqual([omega])
  })

  it('leaves out the product on screen and answers SeenProduct fields in roubles', async () => {
    const v = newVisitor()
    const [d3, omega] = await Promise.all([productId('p1-vitamin-d3-2000-me-evalar'), productId('p1-omega-3-1000-evalar')])
    advanceClock()
    await view(v, d3)
    advanceClock()
    await view(v, omega)
    const { items } = await list(v, omega)
    expect(items.map((i) => i.id)).toEqual([d3])
    const [offer] = await db().select().from(offers).where(eq(offers.productId, d3)).orderBy(offers.sort)
    expect(items[0]).toMatchObject({
      id: d3,
      link: expect.stringMatching(/^\/catalog\/[a-z-]+\/p1-vitamin-d3-2000-me-evalar\/$/),
      price: offer!.price / 100,
      ORDER_ID: offer!.id,
      SECTION_NAME: 'Иммунитет',
    })
    expect(items[0]).toHaveProperty('percent_discount')
    expect(items[0]).toHaveProperty('dom_stars')
    expect(items[0]).toHaveProperty('NAME_FULL')
    expect(items[0]).toHaveProperty('PRICE_FOR_ANALYTICS')
  })

  it('suggests similar products from the viewed sections, never one already viewed', async () => {
    const v = newVisitor()
    const d3 = await productId('p1-vitamin-d3-2000-me-evalar')
    advanceClock()
    await view(v, d3)
    const { similar } = await list(v)
    expect(similar.length).toBeGreaterThan(0)
    expect(similar.map((s) => s.id)).not.toContain(d3)
    const { productSections, sections } = await import('@/db/schema')
    const [main] = await db().select({ id: products.sectionId }).from(products).where(eq(products.id, d3))
    const extra = await db().select({ id: productSections.sectionId }).from(productSections).where(eq(productSections.productId, d3))
    const viewedSections = new Set([main!.id, ...extra.map((e) => e.id)])
    const names = (await db().select().from(sections)).filter((s) => viewedSections.has(s.id)).map((s) => s.name)
    expect(similar.every((s) => names.includes(s.SECTION_NAME))).toBe(true)
  })

  it('keeps only the 20 newest views per visitor', async () => {
    const v = newVisitor()
    const ids = (await db().select({ id: products.id }).from(products).orderBy(products.id).limit(22)).map((r) => r.id)
    for (const id of ids) {
      advanceClock()
      await view(v, id)
    }
    const session = await ensureSession(db(), v.sessionId)
    const rows = await db().select().from(recentlyViewedTable).where(eq(recentlyViewedTable.sessionId, session.id))
    expect(rows).toHaveLength(20)
    const items = (await list(v)).items.map((i) => i.id)
    expect(items[0]).toBe(ids[21])
    expect(items).not.toContain(ids[0])
    expect(items).not.toContain(ids[1])
  })

  it('a visitor who never viewed anything gets empty lists and no session row', async () => {
    const v = newVisitor()
    expect(await list(v)).toEqual({ items: [], similar: [] })
    expect(await (await import('@/domains/session/session.server')).findSession(db(), v.sessionId)).toBeNull()
  })

  it('refuses an unknown product with 404 and a bad sessid with 403, storing nothing', async () => {
    const v = newVisitor()
    const before = await db().$count(recentlyViewedTable)
    const unknown = await view(v, 999_999)
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { error: string }).error).toBe('Товар не найден.')
    const forged = await recentlyViewed(
      formPost('/ajax/recently-viewed/', { action: 'add', productId: await productId('p1-omega-3-1000-evalar') }, v, { sessid: 'x' }),
    )
    expect(forged.status).toBe(403)
    const bad = await recentlyViewed(formPost('/ajax/recently-viewed/', { action: 'add', productId: '-5' }, v))
    expect(bad.status).toBe(400)
    expect(await db().$count(recentlyViewedTable)).toBe(before)
  })

  it('belongs to the account once signed in, and sign-in merges the guest’s views', async () => {
    const [user] = await db().insert(users).values({ email: 'viewer@example.ru', name: 'Зритель' }).returning()
    const [omega, zinc, d3] = await Promise.all([
      productId('p1-omega-3-1000-evalar'),
      productId('p1-tsink-khelat-solgar'),
      productId('p1-vitamin-d3-2000-me-evalar'),
    ])
    // Earlier, on another device, the account viewed omega.
    const other = newVisitor()
    const otherSession = await ensureSession(db(), other.sessionId)
    await mergeRecentlyViewedIntoAccount(db(), otherSession.id, user!.id)
    advanceClock()
    await view(other, omega)
    await mergeRecentlyViewedIntoAccount(db(), otherSession.id, user!.id)
    // As a guest here: zinc, then omega again.
    const guest = newVisitor()
    advanceClock()
    await view(guest, zinc)
    advanceClock()
    await view(guest, omega)
    const guestSession = await ensureSession(db(), guest.sessionId)
    await db().transaction((tx) => mergeRecentlyViewedIntoAccount(tx, guestSession.id, user!.id))
    const { sessions } = await import('@/db/schema')
    await db().update(sessions).set({ userId: user!.id }).where(eq(sessions.id, guestSession.id))
    // Now signed in: a new view is stored under the account.
    advanceClock()
    await view(guest, d3)
    expect((await list(guest)).items.map((i) => i.id)).toEqual([d3, omega, zinc])
    const guestRows = await db().select().from(recentlyViewedTable).where(eq(recentlyViewedTable.sessionId, guestSession.id))
    expect(guestRows).toHaveLength(0)
    const accountRows = await db().select().from(recentlyViewedTable).where(eq(recentlyViewedTable.userId, user!.id))
    expect(accountRows).toHaveLength(3)
  })
})
