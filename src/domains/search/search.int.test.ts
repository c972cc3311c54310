import { afterAll, describe, expect, it, vi } from 'vitest'
import { POST } from '@/app/ajax/search/route'
import { formPost, newVisitor } from '../../../tests/support/http'
import { flushSearchLog, searchProducts } from './search.server'
import { db } from '@/db/client'
import { products, searchQueries } from '@/db/schema'
import { invalidateTag } from '@/lib/cache'
import { eq, inArray } from 'drizzle-orm'

// Log rows are written in batches; the last one must go before the database closes.
afterAll(() => flushSearchLog())

async function suggestions(term: string): Promise<string[]> {
  const res = await POST(formPost('/ajax/search/', { SEARCH_STRING: term, originalSearchTerm: term, viewGuid: 'g-1', url: '/', referrer: '' }, newVisitor()))
  expect(res.status).toBe(200)
  return (await res.json()) as string[]
}

async function names(term: string): Promise<string[]> {
  const { ids } = await searchProducts(term, 1)
  const rows = await db().select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids.length ? ids : [0]))
  const byId = new Map(rows.map((r) => [r.id, r.name]))
  return ids.map((id) => byId.get(id)!)
}

describe('search in PostgreSQL', () => {
  it("'витамин д' finds vitamin D products first", async () => {
    const found = await names('витамин д')
    expect(found[0]).toMatch(/D3/)
    expect(found.slice(0, 3).every((n) => /D3/.test(n))).toBe(true)
  })

  it("'витамины' is stemmed and finds vitamins", async () => {
    const found = await names('витамины')
    expect(found.length).toBeGreaterThan(5)
    expect(found.filter((n) => /витамин/i.test(n)).length).toBeGreaterThan(3)
  })

  it("'омега 3' finds Омега-3", async () => {
    const found = await names('омега 3')
    expect(found[0]).toMatch(/^Омега-3/)
  })

  it("'коэнзим' and the typo 'коензим' find Коэнзим Q10", async () => {
    expect((await names('коэнзим'))[0]).toMatch(/Коэнзим Q10/)
    const typo = await searchProducts('коензим', 1)
    expect(typo.fuzzy).toBe(true)
    expect((await names('коензим'))[0]).toMatch(/Коэнзим Q10/)
  })

  it('finds by brand and by purpose', async () => {
    const byBrand = await names('эвалар')
    expect(byBrand.length).toBeGreaterThan(0)
    const byPurpose = await names('иммунитет')
    expect(byPurpose.length).toBeGreaterThan(3)
  })

  it('finds by ingredient (composition)', async () => {
    expect((await names('холекальциферол')).length).toBeGreaterThan(0)
  })

  it("leaves out a stop word instead of failing the whole search ('для')", async () => {
    const found = await searchProducts('иммунитет для детей', 1)
    expect(found.fuzzy).toBe(false)
    expect(found.total).toBeGreaterThan(0)
    expect(await names('иммунитет для детей')).toEqual(expect.arrayContaining([expect.stringMatching(/для детей/)]))
  })

  it('treats query syntax as plain text', async () => {
    for (const term of ["'; drop table products; --", 'a & | ! ( ) :* <->', '\\', '%%%']) {
      await expect(searchProducts(term, 1)).resolves.toMatchObject({ ids: expect.any(Array) })
    }
  })
})

describe('POST /ajax/search/', () => {
  it('answers nothing below 3 characters', async () => {
    expect(await suggestions('ви')).toEqual([])
    expect(await suggestions('   ')).toEqual([])
  })

  it('answers distinct suggestion strings, at most 8', async () => {
    const list = await suggestions('витам')
    expect(list.length).toBeGreaterThan(0)
    expect(list.length).toBeLessThanOrEqual(8)
    expect(new Set(list).size).toBe(list.length)
    expect(list.some((s) => /витамин/i.test(s))).toBe(true)
  })

  it('offers the brand when a brand is typed', async () => {
    expect(await suggestions('эвала')).toContain('Эвалар')
  })

  it('ranks products named after the words first', async () => {
    const list = await suggestions('омега 3')
    expect(list[0]).toMatch(/^Омега-3/)
    expect(await suggestions('коэнзим')).toContain('Коэнзим Q10 100 мг')
  })

  it("takes an unfinished last word even when it is a stop word ('про' → Пробиотик, Прополис)", async () => {
    const list = await suggestions('про')
    expect(list.some((s) => /^Про(биотик|полис)/.test(s))).toBe(true)
  })

  it('offers the products matching most words when none matches all, and typo-tolerant names when no word matches', async () => {
    expect((await suggestions('коэнзим щщщщщ')).some((s) => /Коэнзим Q10/.test(s))).toBe(true)
    expect((await suggestions('коензим')).some((s) => /Коэнзим Q10/.test(s))).toBe(true)
  })

  it('stops offering a product taken off sale once the catalogue changes', async () => {
    expect(await suggestions('холекальциферол')).not.toEqual([])
    const onSale = await db().select({ id: products.id }).from(products).where(eq(products.active, true))
    await db().update(products).set({ active: false })
    try {
      // Cached answers and the index stay until the catalogue tag is dropped, as every catalogue write does.
      expect(await suggestions('холекальциферол')).not.toEqual([])
      invalidateTag('catalog')
      expect(await suggestions('холекальциферол')).toEqual([])
    } finally {
      await db()
        .update(products)
        .set({ active: true })
        .where(inArray(products.id, onSale.map((p) => p.id)))
      invalidateTag('catalog')
    }
  })

  it('logs each request for the reports, in batches, with the time it came', async () => {
    // Only Date is faked: the questions come at one moment and the batch is written a minute later,
    // however slowly the run goes.
    const asked = new Date('2026-03-02T10:00:00+03:00')
    vi.useFakeTimers({ toFake: ['Date'], now: asked })
    try {
      await suggestions('магний журнал')
      await suggestions('магний журнал')
      vi.setSystemTime(asked.getTime() + 60_000)
      await flushSearchLog()
    } finally {
      vi.useRealTimers()
    }
    const rows = await db().select().from(searchQueries).where(eq(searchQueries.term, 'магний журнал'))
    expect(rows).toHaveLength(2)
    expect(rows.every((r) => r.viewGuid === 'g-1' && r.results > 0)).toBe(true)
    // Stamped when asked, not when the batch was written.
    expect(rows.map((r) => r.createdAt.getTime())).toEqual([asked.getTime(), asked.getTime()])
  })

  it('answers an empty list when nothing matches', async () => {
    expect(await suggestions('щщщщщщщщ')).toEqual([])
  })

  it('refuses an over-long search string with 400', async () => {
    const res = await POST(formPost('/ajax/search/', { SEARCH_STRING: 'я'.repeat(201) }, newVisitor()))
    expect(res.status).toBe(400)
  })
})
