import { describe, expect, it } from 'vitest'
import { PRODUCT_FORMS } from '@/db/schema/catalog'
import { buildFilterGroups, firstInOrder, foundText, parseFilter, runFilter, type CatalogIndex, type IndexEntry } from './catalog-filter'
import { EMPTY_FILTER, filterQuery, PRODUCT_FORM_CODES, type FilterState } from './filter-state'

const sections = [
  { id: 1, code: 'immunitet', name: 'Иммунитет' },
  { id: 2, code: 'krasota', name: 'Красота' },
]
const brands = [
  { id: 10, code: 'evalar', name: 'Эвалар' },
  { id: 20, code: 'solgar', name: 'Solgar' },
]
const entry = (id: number, over: Partial<IndexEntry>): IndexEntry => ({
  id,
  sectionIds: [1],
  brandId: 10,
  form: 'capsules',
  importReplace: false,
  minPrice: 50000,
  hasDiscount: false,
  inStock: true,
  sort: id * 10,
  createdAt: id,
  rating: 4,
  optionIds: [],
  ...over,
})
/** A property of every list and one of the second section only (ADR 204). */
const properties = [
  { id: 1, code: 'taste', name: 'Вкус', sectionIds: [], options: [{ id: 100, code: 'lemon', name: 'Лимон' }, { id: 101, code: 'orange', name: 'Апельсин' }] },
  { id: 2, code: 'age', name: 'Для кого', sectionIds: [2], options: [{ id: 200, code: 'kids', name: 'Детям' }, { id: 201, code: 'adults', name: 'Взрослым' }] },
]
const index: CatalogIndex = {
  sections,
  brands,
  properties,
  entries: [
    entry(1, { minPrice: 30000, hasDiscount: true, optionIds: [100] }),
    entry(2, { brandId: 20, form: 'tablets', minPrice: 90000, optionIds: [101] }),
    entry(3, { sectionIds: [2, 1], form: 'tablets', inStock: false, importReplace: true, minPrice: 10000, optionIds: [100, 200] }),
    entry(4, { sectionIds: [2], brandId: 20, form: 'powder', hasDiscount: true, rating: 5, optionIds: [201] }),
    entry(5, { sectionIds: [2], minPrice: 70000 }),
  ],
}
const state = (over: Partial<FilterState>): FilterState => ({ ...EMPTY_FILTER, ...over })

describe('parseFilter: bad input is ignored or clamped', () => {
  it('drops unknown codes and odd values', () => {
    const s = parseFilter({ brand: 'evalar,nope,<script>', form: ['tablets', 'gel'], purpose: 'krasota', sort: 'weird', in_stock: 'Y', discount: 'yes' }, index)
    expect(s.brand).toEqual(['evalar'])
    expect(s.form).toEqual(['tablets'])
    expect(s.purpose).toEqual(['krasota'])
    expect(s.sort).toBe('popular')
    expect(s.inStock).toBe(true)
    expect(s.discount).toBe(false)
  })

  it('clamps prices and pages and swaps reversed bounds', () => {
    const s = parseFilter({ price_from: '900', price_to: '100', PAGEN_1: '99999999999999' }, index)
    expect([s.priceFrom, s.priceTo]).toEqual([100, 900])
    expect(s.page).toBe(1)
    expect(parseFilter({ price_from: 'abc', price_to: '1e9', PAGEN_1: '-3' }, index)).toMatchObject({ priceFrom: null, priceTo: null, page: 1 })
    expect(parseFilter({ price_to: '99999999999' }, index).priceTo).toBe(10_000_000)
  })
})

describe('runFilter', () => {
  it('keeps the scope: section lists extra purposes too, import and brand scopes', () => {
    expect(runFilter(index, { kind: 'section', sectionId: 1 }, EMPTY_FILTER).pageIds).toEqual([1, 2, 3])
    expect(runFilter(index, { kind: 'import' }, EMPTY_FILTER).pageIds).toEqual([3])
    expect(runFilter(index, { kind: 'brand', brandId: 20 }, EMPTY_FILTER).pageIds).toEqual([2, 4])
  })

  it('combines groups with AND and options within a group with OR', () => {
    const r = runFilter(index, { kind: 'all' }, state({ form: ['tablets', 'powder'], brand: ['solgar'] }))
    expect(r.pageIds).toEqual([2, 4])
  })

  it('counts each group with every other group applied, so counts stay right as filters combine', () => {
    const r = runFilter(index, { kind: 'all' }, state({ brand: ['solgar'], inStock: true }))
    // Brand counts ignore the brand choice but respect "in stock": product 3 (evalar, not in stock) is out.
    expect(Object.fromEntries(r.facets.brand)).toEqual({ 10: 2, 20: 2 })
    // Form counts respect brand=solgar and in stock.
    expect(Object.fromEntries(r.facets.form)).toEqual({ tablets: 1, powder: 1 })
    // Purpose counts: product 2 is in section 1, product 4 in section 2.
    expect(Object.fromEntries(r.facets.purpose)).toEqual({ 1: 1, 2: 1 })
    expect(r.facets.discount).toBe(1)
    expect(r.total).toBe(2)
  })

  it('filters the price range on the shown offer price, in roubles', () => {
    const r = runFilter(index, { kind: 'all' }, state({ priceFrom: 200, priceTo: 700 }))
    expect(r.pageIds).toEqual([1, 4, 5])
    expect([r.facets.priceMin, r.facets.priceMax]).toEqual([10000, 90000])
  })

  it('sorts by price, novelty and rating', () => {
    expect(runFilter(index, { kind: 'all' }, state({ sort: 'price_asc' })).pageIds).toEqual([3, 1, 4, 5, 2])
    expect(runFilter(index, { kind: 'all' }, state({ sort: 'price_desc' })).pageIds).toEqual([2, 5, 4, 1, 3])
    expect(runFilter(index, { kind: 'all' }, state({ sort: 'new' })).pageIds).toEqual([5, 4, 3, 2, 1])
    expect(runFilter(index, { kind: 'all' }, state({ sort: 'rating' })).pageIds[0]).toBe(4)
  })

  it('pages, and a page past the end shows the last page', () => {
    const r = runFilter(index, { kind: 'all' }, state({ page: 50 }), 2)
    expect([r.page, r.pageCount, r.pageIds]).toEqual([3, 3, [5]])
  })
})

describe('filter groups and addresses', () => {
  it("carries the spec's fields and option addresses that toggle the option", () => {
    const s = state({ brand: ['evalar'], page: 3 })
    const groups = buildFilterGroups(index, { kind: 'all' }, s, runFilter(index, { kind: 'all' }, s), '/catalog/')
    const brand = groups.find((g) => g.id === 'brand')!
    expect(Object.keys(brand).sort()).toEqual(['colsize', 'id', 'label', 'options', 'searchLabel'])
    const evalar = brand.options.find((o) => o.id === 'evalar')!
    expect(evalar).toMatchObject({ name: 'Эвалар', active: 'Y', datatype: 'checkbox', url: '/catalog/' })
    expect(brand.options.find((o) => o.id === 'solgar')!.url).toBe('/catalog/?brand=evalar%2Csolgar')
    expect(groups.map((g) => g.id)).toEqual(['purpose', 'brand', 'form', 'p_taste', 'p_age', 'price', 'in_stock', 'discount', 'sort'])
  })

  it('leaves out the group the page already fixes', () => {
    const ids = (scope: Parameters<typeof runFilter>[1]) =>
      buildFilterGroups(index, scope, EMPTY_FILTER, runFilter(index, scope, EMPTY_FILTER), '/x/').map((g) => g.id)
    expect(ids({ kind: 'section', sectionId: 1 })).not.toContain('purpose')
    expect(ids({ kind: 'brand', brandId: 10 })).not.toContain('brand')
  })

  it('writes a canonical query string', () => {
    expect(filterQuery(EMPTY_FILTER)).toBe('')
    expect(filterQuery(state({ sort: 'price_asc', inStock: true, page: 2, form: ['tablets'] }))).toBe('?form=tablets&in_stock=Y&sort=price_asc&PAGEN_1=2')
  })

  it('uses Russian plural forms for the product count', () => {
    expect(foundText(1)).toBe('Найдено 1 товар')
    expect(foundText(3)).toBe('Найдено 3 товара')
    expect(foundText(11)).toBe('Найдено 11 товаров')
    expect(foundText(21)).toBe('Найдено 21 товар')
  })

  it('knows the same product forms as the schema', () => {
    expect([...PRODUCT_FORM_CODES]).toEqual([...PRODUCT_FORMS])
  })
})

describe('filter properties of the back office (ADR 204)', () => {
  it('reads p_{code} parameters against the index, in the property\'s order, and writes them back', () => {
    const parsed = parseFilter({ p_taste: 'orange,zzz,lemon', p_nothing: 'x', p_age: ['kids'] }, index)
    expect(parsed.props).toEqual({ taste: ['lemon', 'orange'], age: ['kids'] })
    expect(filterQuery(parsed)).toBe('?p_age=kids&p_taste=lemon%2Corange')
    expect(parseFilter({ p_taste: '' }, index).props).toEqual({})
  })

  it('keeps the products with any chosen option of a property, and every property must match', () => {
    const all = { kind: 'all' } as const
    expect(runFilter(index, all, state({ props: { taste: ['lemon'] } })).pageIds).toEqual([1, 3])
    expect(runFilter(index, all, state({ props: { taste: ['lemon', 'orange'] } })).pageIds).toEqual([1, 2, 3])
    expect(runFilter(index, all, state({ props: { taste: ['lemon'], age: ['kids'] } })).pageIds).toEqual([3])
    expect(runFilter(index, all, state({ props: { taste: ['lemon'] }, brand: ['solgar'] })).pageIds).toEqual([])
    // Counted with every other group applied, its own left out: orange still shows 1 while lemon is chosen.
    const facets = runFilter(index, all, state({ props: { taste: ['lemon'] } })).facets.options
    expect([facets.get(100), facets.get(101), facets.get(200), facets.get(201)]).toEqual([2, 1, 1, undefined])
  })

  it('offers a property on the pages of its sections only, with the options some product has', () => {
    const groupsOf = (scope: Parameters<typeof runFilter>[1]) =>
      buildFilterGroups(index, scope, EMPTY_FILTER, runFilter(index, scope, EMPTY_FILTER), '/x/')
    const first = groupsOf({ kind: 'section', sectionId: 1 })
    expect(first.map((g) => g.id)).toContain('p_taste')
    expect(first.map((g) => g.id)).not.toContain('p_age')
    const second = groupsOf({ kind: 'section', sectionId: 2 })
    const age = second.find((g) => g.id === 'p_age')!
    expect(age.label).toBe('Для кого')
    expect(age.options.map((o) => [o.id, o.count, o.url])).toEqual([
      ['kids', 1, '/x/?p_age=kids'],
      ['adults', 1, '/x/?p_age=adults'],
    ])
    // In section 2 only lemon (product 3) is there: orange's product is in section 1.
    expect(second.find((g) => g.id === 'p_taste')!.options.map((o) => o.id)).toEqual(['lemon'])
    // A section-bound property still filters the lists that are no section.
    expect(groupsOf({ kind: 'all' }).map((g) => g.id)).toEqual(expect.arrayContaining(['p_taste', 'p_age']))
  })
})

describe('paging a large list', () => {
  // A fixed pseudo-random sequence: prices and dates repeat, so ties are broken by id.
  const many = Array.from({ length: 5000 }, (_, i) =>
    entry(i + 1, { minPrice: ((i * 7919) % 997) * 100, createdAt: (i * 104729) % 1009, rating: (i % 5) + 1, sort: (i * 31) % 211 }),
  )
  const big: CatalogIndex = { ...index, entries: many }

  it('picks the first items as a full sort would, for every order, with ties', () => {
    const compare = (a: number, b: number) => (a % 13) - (b % 13) || a - b
    const items = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 3001)
    for (const count of [1, 12, 36, 187, 3000]) expect(firstInOrder(items, count, compare)).toEqual([...items].sort(compare).slice(0, count))
  })

  it('gives each page of every sort the ids a full sort gives, and the last page past the end', () => {
    for (const sort of ['popular', 'price_asc', 'price_desc', 'new', 'rating'] as const) {
      const whole = runFilter(big, { kind: 'all' }, state({ sort }), many.length).pageIds
      expect(whole).toHaveLength(many.length)
      for (const page of [1, 2, 40]) {
        expect(runFilter(big, { kind: 'all' }, state({ sort, page })).pageIds).toEqual(whole.slice((page - 1) * 12, page * 12))
      }
      const past = runFilter(big, { kind: 'all' }, state({ sort, page: 10_000 }))
      expect(past.page).toBe(Math.ceil(many.length / 12))
      expect(past.pageIds).toEqual(whole.slice((past.page - 1) * 12))
    }
  })
})
