import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as encElements } from '@/app/ajax/get-enc-elements/route'
import { db } from '@/db/client'
import { encElements as encElementsTable, encSections, products } from '@/db/schema'
import { formPost, newVisitor } from '../../../tests/support/http'
import type { EncElementLink } from './encyclopedia'
import { encElementPage, encSections as loadEncSections, ingredientLinksForProduct } from './encyclopedia.server'

async function productId(code: string): Promise<number> {
  const [row] = await db().select({ id: products.id }).from(products).where(eq(products.code, code))
  if (!row) throw new Error(`no product ${code}`)
  return row.id
}

describe('POST /ajax/get-enc-elements/', () => {
  const call = (fields: Record<string, string | number>, visitor = newVisitor()) =>
    encElements(formPost('/ajax/get-enc-elements/', fields, visitor))

  it('answers elementsArr: first letter → elements of the section, each with NAME and CODE', async () => {
    const [section] = await db().select().from(encSections).where(eq(encSections.code, 'mineraly'))
    const res = await call({ ID: section!.id })
    expect(res.status).toBe(200)
    const { elementsArr } = (await res.json()) as { elementsArr: Record<string, EncElementLink[]> }
    const all = Object.values(elementsArr).flat()
    const expected = await db().select().from(encElementsTable).where(eq(encElementsTable.sectionId, section!.id))
    expect(all.map((e) => e.CODE).sort()).toEqual(expected.map((e) => e.code).sort())
    for (const [letter, group] of Object.entries(elementsArr)) {
      for (const el of group) expect(el.NAME.charAt(0).toUpperCase().replace('Ё', 'Е')).toBe(letter)
    }
    expect(elementsArr['Ц']?.map((e) => e.NAME)).toContain('Цинк')
  })

  it('answers every element for ID 0 (the «Все ингредиенты» tab), letters in alphabetical order', async () => {
    const res = await call({ ID: 0 })
    const { elementsArr } = (await res.json()) as { elementsArr: Record<string, EncElementLink[]> }
    expect(Object.values(elementsArr).flat().length).toBe(await db().$count(encElementsTable))
    const letters = Object.keys(elementsArr).filter((l) => /[А-Я]/.test(l))
    expect(letters).toEqual([...letters].sort((a, b) => a.localeCompare(b, 'ru')))
  })

  it('refuses an unknown section with 404 and a non-number with 400 (Russian messages)', async () => {
    const unknown = await call({ ID: 987_654 })
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { error: string }).error).toBe('Раздел энциклопедии не найден.')
    const bad = await call({ ID: 'abc' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: string }).error).toMatch(/[а-я]/i)
  })

  it('refuses a missing sessid', async () => {
    const res = await encElements(formPost('/ajax/get-enc-elements/', { ID: 0 }, newVisitor(), { sessid: null }))
    expect(res.status).toBe(403)
  })
})
describe('encyclopedia ↔ products', () => {
  it('an element page lists products whose composition mentions it and explicitly linked ones', async () => {
    const zinc = await encElementPage('tsink')
    const zincProduct = await productId('p1-tsink-khelat-solgar')
    expect(zinc!.productIds).toContain(zincProduct)
    const b6 = await encElementPage('vitamin-b6')
    expect(b6!.productIds).toContain(await productId('p2-vitaminy-gruppy-b-now'))
    const melatonin = await encElementPage('melatonin')
    expect(melatonin!.productIds).not.toContain(zincProduct)
  })

  it('ingredientLinksForProduct links a composition back to the encyclopedia', async () => {
    const links = await ingredientLinksForProduct(await productId('p1-magniy-b6-forte-evalar'))
    expect(links.map((l) => l.CODE)).toEqual(expect.arrayContaining(['magniy', 'vitamin-b6']))
    expect(links.find((l) => l.CODE === 'magniy')?.url).toBe('/encyclopedia/item/magniy/')
    expect(links.map((l) => l.CODE)).not.toContain('melatonin')
  })

  it('section hashes are the transliterated names', async () => {
    const sections = await loadEncSections()
    expect(sections.find((s) => s.NAME === 'Витамины')?.HASH).toBe('vitaminy')
    expect(sections.find((s) => s.NAME === 'Растительные экстракты')?.HASH).toBe('rastitelnye-ekstrakty')
  })
})
