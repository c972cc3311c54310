import { describe, expect, it } from 'vitest'
import { PRODUCT_FORMS } from '@/db/schema/catalog'
import { buildFilterGroups, firstInOrder, foundText, MAX_FILTER_PROPERTIES, parseFilter, runFilter, type CatalogIndex, type IndexEntry } from './catalog-filter'
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

describe('the columnar pass (ADR 214) answers as a plain reference does', () => {
  type Scope = Parameters<typeof runFilter>[1]
  type Result = ReturnType<typeof runFilter>
  type Entry = IndexEntry

  /** runFilter written the obvious way: a predicate per group, a filter per facet, a full sort. */
  function reference(ix: CatalogIndex, scope: Scope, s: FilterState, pageSize = 12): Result {
    const offered = ix.properties
      .slice(0, MAX_FILTER_PROPERTIES)
      .filter((p) => scope.kind !== 'section' || p.sectionIds.length === 0 || p.sectionIds.includes(scope.sectionId))
    const idsOf = (list: { id: number; code: string }[], codes: string[]) => list.filter((x) => codes.includes(x.code)).map((x) => x.id)
    const purposes = idsOf(ix.sections, s.purpose)
    const brandIds = idsOf(ix.brands, s.brand)
    const groups: Record<string, (e: Entry) => boolean> = {
      purpose: (e) => purposes.length === 0 || e.sectionIds.some((id) => purposes.includes(id)),
      brand: (e) => brandIds.length === 0 || brandIds.includes(e.brandId),
      form: (e) => s.form.length === 0 || s.form.includes(e.form),
      price: (e) => (s.priceFrom === null || e.minPrice >= s.priceFrom * 100) && (s.priceTo === null || e.minPrice <= s.priceTo * 100),
      in_stock: (e) => !s.inStock || e.inStock,
      discount: (e) => !s.discount || e.hasDiscount,
    }
    for (const p of offered) {
      const ids = idsOf(p.options, s.props[p.code] ?? [])
      groups[`p_${p.code}`] = (e) => ids.length === 0 || e.optionIds.some((id) => ids.includes(id))
    }
    const inScope = (e: Entry) =>
      scope.kind === 'all' ||
      (scope.kind === 'section' && e.sectionIds.includes(scope.sectionId)) ||
      (scope.kind === 'import' && e.importReplace) ||
      (scope.kind === 'brand' && e.brandId === scope.brandId)
    const listed = ix.entries.filter(inScope).map((e) => ({ e, failed: Object.keys(groups).filter((group) => !groups[group]!(e)) }))
    /** The entries that pass every group but `except`. */
    const passing = (except?: string) => listed.filter(({ failed }) => failed.every((group) => group === except)).map(({ e }) => e)
    const count = <K,>(keys: K[]) => {
      const map = new Map<K, number>()
      for (const key of keys) map.set(key, (map.get(key) ?? 0) + 1)
      return map
    }
    const options = count(offered.flatMap((p) => passing(`p_${p.code}`).flatMap((e) => e.optionIds.filter((id) => p.options.some((o) => o.id === id)))))
    const prices = passing('price').map((e) => e.minPrice)
    const orders: Record<FilterState['sort'], (a: Entry, b: Entry) => number> = {
      popular: (a, b) => a.sort - b.sort || a.id - b.id,
      price_asc: (a, b) => a.minPrice - b.minPrice || a.id - b.id,
      price_desc: (a, b) => b.minPrice - a.minPrice || a.id - b.id,
      new: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
      rating: (a, b) => b.rating - a.rating || a.sort - b.sort || a.id - b.id,
    }
    const matched = passing().sort(orders[s.sort])
    const pageCount = Math.max(1, Math.ceil(matched.length / pageSize))
    const page = Math.min(Math.max(1, s.page), pageCount)
    return {
      total: matched.length,
      page,
      pageCount,
      pageIds: matched.slice((page - 1) * pageSize, page * pageSize).map((e) => e.id),
      facets: {
        purpose: count(passing('purpose').flatMap((e) => e.sectionIds)),
        brand: count(passing('brand').map((e) => e.brandId)),
        form: count(passing('form').map((e) => e.form)),
        options,
        inStock: passing('in_stock').filter((e) => e.inStock).length,
        discount: passing('discount').filter((e) => e.hasDiscount).length,
        priceMin: prices.length ? Math.min(...prices) : 0,
        priceMax: prices.length ? Math.max(...prices) : 0,
      },
    }
  }

  /** mulberry32: the same pseudo-random index and filters on every run. */
  function random(seed: number) {
    let a = seed
    const next = () => {
      a = (a + 0x6d2b79f5) | 0
      let t = Math.imul(a ^ (a >>> 15), 1 | a)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
    const below = (n: number) => Math.floor(next() * n)
    const pick = <T,>(list: readonly T[]) => list[below(list.length)]!
    const some = <T,>(list: readonly T[], most: number) => [...new Set(Array.from({ length: below(most + 1) }, () => pick(list)))]
    return { next, below, pick, some }
  }

  /**
   * `sectionCount` sections (one more, inactive, only in extra purposes), brands with one hidden one,
   * `propertyCount` properties (a few bound to sections), entries with repeating prices, dates and ratings.
   */
  function randomIndex(seed: number, size: number, sectionCount: number, propertyCount: number): CatalogIndex {
    const rnd = random(seed)
    const sectionList = Array.from({ length: sectionCount }, (_, i) => ({ id: 100 + i * 3, code: `s${i}`, name: `Раздел ${i}` }))
    const brandList = Array.from({ length: 9 }, (_, i) => ({ id: 7 + i * 5, code: `b${i}`, name: `Бренд ${i}` }))
    let optionId = 1000
    const propertyList = Array.from({ length: propertyCount }, (_, i) => ({
      id: i + 1,
      code: `prop${i}`,
      name: `Свойство ${i}`,
      sectionIds: i % 3 === 2 ? rnd.some(sectionList.map((x) => x.id), 3) : [],
      options: Array.from({ length: 2 + rnd.below(4) }, (_, k) => ({ id: optionId++, code: `o${k}`, name: `Вариант ${k}` })),
    }))
    const allOptions = propertyList.flatMap((p) => p.options.map((o) => o.id))
    const entries = Array.from({ length: size }, (_, i): IndexEntry => {
      const main = rnd.pick(sectionList).id
      const extra = rnd.some([...sectionList.map((x) => x.id), 9], 2).filter((id) => id !== main)
      return {
        id: 1 + ((i * 7) % size),
        sectionIds: [main, ...extra],
        brandId: rnd.next() < 0.05 ? 999 : rnd.pick(brandList).id,
        form: rnd.pick(PRODUCT_FORM_CODES),
        importReplace: rnd.next() < 0.2,
        minPrice: (10 + rnd.below(60)) * 1000 + (rnd.next() < 0.3 ? 50 : 0),
        hasDiscount: rnd.next() < 0.3,
        inStock: rnd.next() < 0.75,
        sort: rnd.below(50) * 10,
        createdAt: rnd.below(300),
        rating: rnd.below(11) / 2,
        optionIds: rnd.next() < 0.4 ? [] : rnd.some(allOptions, 4),
      }
    })
    return { entries, sections: sectionList, brands: brandList, properties: propertyList }
  }

  function randomCase(ix: CatalogIndex, rnd: ReturnType<typeof random>): { scope: Scope; s: FilterState } {
    const sectionIds = ix.sections.map((x) => x.id)
    const brandIds = [...ix.brands.map((x) => x.id), 999]
    const scopes: Scope[] = [
      { kind: 'all' },
      { kind: 'section', sectionId: rnd.pick(sectionIds) },
      { kind: 'section', sectionId: rnd.next() < 0.5 ? 9 : 4242 },
      { kind: 'import' },
      { kind: 'brand', brandId: rnd.next() < 0.8 ? rnd.pick(brandIds) : 4242 },
    ]
    const rub = () => (rnd.next() < 0.6 ? null : 100 + rnd.below(60) * 10 + rnd.below(2) * 5)
    let priceFrom = rub()
    let priceTo = rub()
    if (priceFrom !== null && priceTo !== null && priceFrom > priceTo) [priceFrom, priceTo] = [priceTo, priceFrom]
    const props: Record<string, string[]> = {}
    for (const p of ix.properties) if (rnd.next() < Math.min(0.12, 0.6 / ix.properties.length)) props[p.code] = rnd.some(p.options.map((o) => o.code), 2)
    return {
      scope: rnd.pick(scopes),
      s: state({
        purpose: rnd.some(ix.sections.map((x) => x.code), 3),
        brand: rnd.some(ix.brands.map((x) => x.code), 3),
        form: rnd.some(PRODUCT_FORM_CODES, 2),
        priceFrom,
        priceTo,
        inStock: rnd.next() < 0.3,
        discount: rnd.next() < 0.2,
        props,
        sort: rnd.pick(['popular', 'price_asc', 'price_desc', 'new', 'rating'] as const),
        page: rnd.pick([1, 1, 2, 3, 50]),
      }),
    }
  }

  function compare(ix: CatalogIndex, seed: number, cases: number) {
    const rnd = random(seed)
    let found = 0
    let paged = 0
    for (let i = 0; i < cases; i++) {
      const { scope, s } = randomCase(ix, rnd)
      const pageSize = rnd.pick([12, 12, 5])
      const expected = reference(ix, scope, s, pageSize)
      expect(runFilter(ix, scope, s, pageSize), JSON.stringify({ i, scope, s, pageSize })).toEqual(expected)
      if (expected.total > 0) found++
      if (expected.page > 1) paged++
    }
    // The comparison means something only if many cases find products and some reach later pages.
    expect(found).toBeGreaterThan(cases / 4)
    expect(paged).toBeGreaterThan(cases / 20)
  }

  it('gives the same list, pages and facets over many filter combinations, scopes and sorts', () => {
    compare(randomIndex(1, 3000, 7, 5), 11, 400)
  })

  it('with more than 32 sections (several words of section bits) and properties past the offered 24', () => {
    const ix = randomIndex(2, 3000, 70, 27)
    expect(ix.entries.some((e) => e.sectionIds.length > 1)).toBe(true)
    compare(ix, 12, 300)
    // The purposes of the last sections (bits past the first word) are filtered and counted.
    const last = ix.sections.slice(-3)
    const s = state({ purpose: last.map((x) => x.code) })
    const r = runFilter(ix, { kind: 'all' }, s)
    expect(r.total).toBeGreaterThan(0)
    expect(r).toEqual(reference(ix, { kind: 'all' }, s))
    for (const x of last) expect(r.facets.purpose.get(x.id)).toBeGreaterThan(0)
  })

  it('an empty index answers an empty first page', () => {
    const empty: CatalogIndex = { ...index, entries: [] }
    expect(runFilter(empty, { kind: 'section', sectionId: 1 }, state({ brand: ['evalar'] }))).toEqual(reference(empty, { kind: 'section', sectionId: 1 }, state({ brand: ['evalar'] })))
  })
})
