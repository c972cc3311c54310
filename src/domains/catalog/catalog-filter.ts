/**
 * The catalogue filter as pure functions over an in-memory index of every active product (ADR 011):
 * scope (all / section / import substitution / brand), facets with counts that stay right as filters
 * combine (each group is counted with every other group applied), sort, paging and the addresses of
 * each option.
 */
import type { ProductForm } from '@/db/schema/catalog'
import { countOf, WORDS } from '@/lib/plural'
import { catalogQuerySchema, type CatalogQuery } from './catalog.schema'
import {
  FORM_NAMES,
  PAGINATOR_NAME,
  PRODUCT_FORM_CODES,
  SORT_CODES,
  SORT_NAMES,
  filterUrl,
  PROPERTY_PARAM_PREFIX,
  propertyGroupId,
  toggle,
  toggleProp,
  type FilterState,
  type PropertyGroupId,
  type SortCode,
} from './filter-state'

export { EMPTY_FILTER, filterQuery, filterUrl, isFiltered, type FilterState } from './filter-state'

export const PAGE_SIZE = 12

export interface IndexEntry {
  id: number
  /** Main section first, then extra purposes. */
  sectionIds: number[]
  brandId: number
  form: ProductForm
  importReplace: boolean
  /** Price of the offer the card shows first, kopecks: what price range and price sort use. */
  minPrice: number
  hasDiscount: boolean
  inStock: boolean
  sort: number
  createdAt: number
  rating: number
  /** Options of the filter properties the product has (ADR 204). */
  optionIds: number[]
}

export interface NamedCode {
  id: number
  code: string
  name: string
}

/** A filter property of the back office (ADR 204) with its options in order. */
export interface IndexProperty extends NamedCode {
  /** The sections whose pages show it; empty: every list. */
  sectionIds: number[]
  options: NamedCode[]
}

/** Properties past this many are not offered: each takes a bit of the filter's 32-bit failure mask. */
export const MAX_FILTER_PROPERTIES = 24

export interface CatalogIndex {
  entries: IndexEntry[]
  sections: NamedCode[]
  brands: NamedCode[]
  properties: IndexProperty[]
}

export type Scope =
  | { kind: 'all' }
  | { kind: 'section'; sectionId: number }
  | { kind: 'import' }
  | { kind: 'brand'; brandId: number }


type Params = Record<string, string | string[] | undefined>

export function paramsToRecord(params: URLSearchParams): Params {
  const out: Params = {}
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key)
    out[key] = all.length > 1 ? all : all[0]
  }
  return out
}

/** Address parameters → filter state; codes the index does not know are dropped. */
/** `p_{code}` parameters → property code → option codes, each code checked against the index. */
function parseProps(params: Params, properties: IndexProperty[]): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const property of properties) {
    const raw = params[propertyGroupId(property.code)]
    if (raw === undefined) continue
    const asked = new Set((Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(',')).map((v) => v.trim()))
    // The property's order, not the address's: one filter has one address.
    const codes = property.options.filter((o) => asked.has(o.code)).map((o) => o.code)
    if (codes.length) out[property.code] = codes
  }
  return out
}

export function parseFilter(params: Params, index: Pick<CatalogIndex, 'sections' | 'brands'> & Partial<Pick<CatalogIndex, 'properties'>>): FilterState {
  const q: CatalogQuery = catalogQuerySchema.parse(params)
  const sectionCodes = new Set(index.sections.map((s) => s.code))
  const brandCodes = new Set(index.brands.map((b) => b.code))
  let priceFrom = q.price_from
  let priceTo = q.price_to
  if (priceFrom !== null && priceTo !== null && priceFrom > priceTo) [priceFrom, priceTo] = [priceTo, priceFrom]
  return {
    purpose: q.purpose.filter((c) => sectionCodes.has(c)),
    brand: q.brand.filter((c) => brandCodes.has(c)),
    form: q.form,
    priceFrom,
    priceTo,
    inStock: q.in_stock,
    discount: q.discount,
    props: parseProps(params, index.properties ?? []),
    sort: q.sort,
    page: q[PAGINATOR_NAME],
  }
}

export type GroupId = 'purpose' | 'brand' | 'form' | 'price' | 'in_stock' | 'discount'
export { PROPERTY_PARAM_PREFIX }

interface Resolved {
  purposeIds: Set<number>
  brandIds: Set<number>
  forms: Set<ProductForm>
  minKop: number | null
  maxKop: number | null
  /** Per property with options chosen: its bit in the failure mask and the chosen option ids. */
  props: { bit: number; optionIds: Set<number> }[]
}

/** The properties the filter offers in a scope: a section page only those of the section or of every list. */
function propertiesIn(index: CatalogIndex, scope: Scope): IndexProperty[] {
  return index.properties
    .slice(0, MAX_FILTER_PROPERTIES)
    .filter((p) => scope.kind !== 'section' || p.sectionIds.length === 0 || p.sectionIds.includes(scope.sectionId))
}

const propertyBit = (i: number) => 1 << (6 + i)

function resolve(state: FilterState, index: Pick<CatalogIndex, 'sections' | 'brands'>, properties: IndexProperty[] = []): Resolved {
  const ids = (list: NamedCode[], codes: string[]) => new Set(list.filter((x) => codes.includes(x.code)).map((x) => x.id))
  return {
    purposeIds: ids(index.sections, state.purpose),
    brandIds: ids(index.brands, state.brand),
    forms: new Set(state.form),
    minKop: state.priceFrom === null ? null : state.priceFrom * 100,
    maxKop: state.priceTo === null ? null : state.priceTo * 100,
    props: properties.flatMap((p, i) => {
      const codes = state.props[p.code] ?? []
      return codes.length ? [{ bit: propertyBit(i), optionIds: new Set(p.options.filter((o) => codes.includes(o.code)).map((o) => o.id)) }] : []
    }),
  }
}

/** One bit per group an entry fails; 0 means it matches. One pass serves the list and every facet. */
const BIT = { purpose: 1, brand: 2, form: 4, price: 8, in_stock: 16, discount: 32 } as const satisfies Record<GroupId, number>

const IN_STOCK = 1
const DISCOUNT = 2
const IMPORT = 4

/**
 * The index as columns, compiled once per index object (it is not changed once loaded: ADR 011).
 * At 100 000 products the filter's pass is the page's largest cost, and walking objects (an array of
 * section ids, Set and Map look-ups per entry) took tens of milliseconds; typed arrays read in
 * order with bit operations take a few (ADR 214). Ids become dense positions so the per-request
 * look-ups and the facet counts are small typed arrays too.
 */
interface Columns {
  count: number
  /** 32-bit words of section bits per entry: an entry's sections are `sectionBits[i * words …]`. */
  words: number
  sectionBits: Int32Array
  sections: Positions<number>
  brand: Uint8Array | Uint16Array | Uint32Array
  brands: Positions<number>
  form: Uint8Array | Uint16Array | Uint32Array
  forms: Positions<ProductForm>
  price: Float64Array
  /** IN_STOCK | DISCOUNT | IMPORT */
  flags: Uint8Array
  /** Entry i's filter options, as positions: `optionList[optionStart[i] … optionStart[i + 1])`. */
  optionStart: Int32Array
  optionList: Int32Array
  options: Positions<number>
}

/** Distinct values in order of first sight, and each one's position. */
class Positions<K> {
  readonly at: K[] = []
  private readonly of = new Map<K, number>()
  add(key: K): number {
    let position = this.of.get(key)
    if (position === undefined) {
      position = this.at.length
      this.of.set(key, position)
      this.at.push(key)
    }
    return position
  }
  get(key: K): number | undefined {
    return this.of.get(key)
  }
  /** Counts by position → the facet's map, keys with no count left out. */
  toMap(counts: ArrayLike<number>): Map<K, number> {
    const map = new Map<K, number>()
    for (let p = 0; p < this.at.length; p++) if (counts[p]! > 0) map.set(this.at[p]!, counts[p]!)
    return map
  }
}

const positionArray = (length: number, distinct: number) =>
  distinct <= 0x100 ? new Uint8Array(length) : distinct <= 0x10000 ? new Uint16Array(length) : new Uint32Array(length)

const compiled = new WeakMap<CatalogIndex, Columns>()

/**
 * Compiles the index's columns now; the loader calls it so that no page request pays the compile
 * (30–50 ms at 100 000 entries, ADR 214). Later calls find them ready.
 */
export function compileFilterColumns(index: CatalogIndex): void {
  columnsOf(index)
}

function columnsOf(index: CatalogIndex): Columns {
  const known = compiled.get(index)
  if (known) return known
  const { entries } = index
  const count = entries.length
  const sections = new Positions<number>()
  const brands = new Positions<number>()
  const forms = new Positions<ProductForm>()
  const options = new Positions<number>()
  let optionTotal = 0
  for (const e of entries) {
    for (const id of e.sectionIds) sections.add(id)
    brands.add(e.brandId)
    forms.add(e.form)
    for (const id of e.optionIds) options.add(id)
    optionTotal += e.optionIds.length
  }
  const words = Math.max(1, Math.ceil(sections.at.length / 32))
  const c: Columns = {
    count,
    words,
    sectionBits: new Int32Array(count * words),
    sections,
    brand: positionArray(count, brands.at.length),
    brands,
    form: positionArray(count, forms.at.length),
    forms,
    price: new Float64Array(count),
    flags: new Uint8Array(count),
    optionStart: new Int32Array(count + 1),
    optionList: new Int32Array(optionTotal),
    options,
  }
  let k = 0
  entries.forEach((e, i) => {
    for (const id of e.sectionIds) {
      const bit = sections.add(id)
      c.sectionBits[i * words + (bit >> 5)]! |= 1 << (bit & 31)
    }
    c.brand[i] = brands.add(e.brandId)
    c.form[i] = forms.add(e.form)
    c.price[i] = e.minPrice
    c.flags[i] = (e.inStock ? IN_STOCK : 0) | (e.hasDiscount ? DISCOUNT : 0) | (e.importReplace ? IMPORT : 0)
    c.optionStart[i] = k
    for (const id of e.optionIds) c.optionList[k++] = options.add(id)
  })
  c.optionStart[count] = k
  compiled.set(index, c)
  return c
}

/** Whether entry i is in the scope, on the columns. */
function scopeTest(c: Columns, scope: Scope): (i: number) => boolean {
  switch (scope.kind) {
    case 'all':
      return () => true
    case 'section': {
      const bit = c.sections.get(scope.sectionId)
      if (bit === undefined) return () => false
      const word = bit >> 5
      const mask = 1 << (bit & 31)
      return (i) => (c.sectionBits[i * c.words + word]! & mask) !== 0
    }
    case 'import':
      return (i) => (c.flags[i]! & IMPORT) !== 0
    case 'brand': {
      const position = c.brands.get(scope.brandId)
      return (i) => c.brand[i] === position
    }
  }
}

const COMPARE: Record<SortCode, (a: IndexEntry, b: IndexEntry) => number> = {
  popular: (a, b) => a.sort - b.sort || a.id - b.id,
  price_asc: (a, b) => a.minPrice - b.minPrice || a.id - b.id,
  price_desc: (a, b) => b.minPrice - a.minPrice || a.id - b.id,
  new: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
  rating: (a, b) => b.rating - a.rating || a.sort - b.sort || a.id - b.id,
}

export interface Facets {
  purpose: Map<number, number>
  brand: Map<number, number>
  form: Map<ProductForm, number>
  inStock: number
  discount: number
  /** Filter property option id → products with it that match every other group. */
  options: Map<number, number>
  /** Price bounds (kopecks) of the products matching every other group. */
  priceMin: number
  priceMax: number
}

export interface FilterResult {
  total: number
  page: number
  pageCount: number
  pageIds: number[]
  facets: Facets
}

export function runFilter(index: CatalogIndex, scope: Scope, state: FilterState, pageSize = PAGE_SIZE): FilterResult {
  const c = columnsOf(index)
  const properties = propertiesIn(index, scope)
  const r = resolve(state, index, properties)
  const { words, sectionBits, brand, form, price, flags, optionStart, optionList } = c
  const inScope = scopeTest(c, scope)

  // The request's choices on the columns' positions.
  const purposeOn = r.purposeIds.size > 0
  const purposeWords = new Int32Array(words)
  for (const id of r.purposeIds) {
    const bit = c.sections.get(id)
    if (bit !== undefined) purposeWords[bit >> 5]! |= 1 << (bit & 31)
  }
  const chosen = <K>(positions: Positions<K>, keys: Iterable<K>) => {
    const out = new Uint8Array(positions.at.length)
    for (const key of keys) {
      const p = positions.get(key)
      if (p !== undefined) out[p] = 1
    }
    return out
  }
  const brandOn = r.brandIds.size > 0
  const brandChosen = chosen(c.brands, r.brandIds)
  const formOn = r.forms.size > 0
  const formChosen = chosen(c.forms, r.forms)
  const low = r.minKop ?? Number.NEGATIVE_INFINITY
  const high = r.maxKop ?? Number.POSITIVE_INFINITY
  // Per option position: its property's bit if the property is offered here (counted), and if chosen.
  const offeredBit = new Int32Array(c.options.at.length)
  properties.forEach((p, i) => p.options.forEach((o) => {
    const position = c.options.get(o.id)
    if (position !== undefined) offeredBit[position] = propertyBit(i)
  }))
  const chosenBit = new Int32Array(c.options.at.length)
  let propsOn = 0
  for (const p of r.props) {
    propsOn |= p.bit
    for (const id of p.optionIds) {
      const position = c.options.get(id)
      if (position !== undefined) chosenBit[position] = p.bit
    }
  }

  const purposeCount = new Int32Array(words * 32)
  const brandCount = new Int32Array(c.brands.at.length)
  const formCount = new Int32Array(c.forms.at.length)
  const optionCount = new Int32Array(c.options.at.length)
  let inStockCount = 0
  let discountCount = 0
  let priceMin = Number.POSITIVE_INFINITY
  let priceMax = 0
  const matched: IndexEntry[] = []
  for (let i = 0; i < c.count; i++) {
    if (!inScope(i)) continue
    const f = flags[i]!
    const at = i * words
    let mask = 0
    if (purposeOn) {
      let hit = 0
      for (let w = 0; w < words; w++) hit |= sectionBits[at + w]! & purposeWords[w]!
      if (hit === 0) mask |= BIT.purpose
    }
    if (brandOn && brandChosen[brand[i]!] === 0) mask |= BIT.brand
    if (formOn && formChosen[form[i]!] === 0) mask |= BIT.form
    const kop = price[i]!
    if (kop < low || kop > high) mask |= BIT.price
    if (state.inStock && (f & IN_STOCK) === 0) mask |= BIT.in_stock
    if (state.discount && (f & DISCOUNT) === 0) mask |= BIT.discount
    const from = optionStart[i]!
    const to = optionStart[i + 1]!
    if (propsOn !== 0) {
      let has = 0
      for (let k = from; k < to; k++) has |= chosenBit[optionList[k]!]!
      mask |= propsOn & ~has
    }
    // Each group is counted with every other group applied: an entry failing two counts nowhere.
    if ((mask & (mask - 1)) !== 0) continue
    if (mask === 0) matched.push(index.entries[i]!)
    if ((mask & ~BIT.purpose) === 0) {
      for (let w = 0; w < words; w++) {
        for (let bits = sectionBits[at + w]!; bits !== 0; bits &= bits - 1) purposeCount[w * 32 + 31 - Math.clz32(bits & -bits)]!++
      }
    }
    if ((mask & ~BIT.brand) === 0) brandCount[brand[i]!]!++
    if ((mask & ~BIT.form) === 0) formCount[form[i]!]!++
    for (let k = from; k < to; k++) {
      const bit = offeredBit[optionList[k]!]!
      if (bit !== 0 && (mask & ~bit) === 0) optionCount[optionList[k]!]!++
    }
    if ((f & IN_STOCK) !== 0 && (mask & ~BIT.in_stock) === 0) inStockCount++
    if ((f & DISCOUNT) !== 0 && (mask & ~BIT.discount) === 0) discountCount++
    if ((mask & ~BIT.price) === 0) {
      if (kop < priceMin) priceMin = kop
      if (kop > priceMax) priceMax = kop
    }
  }
  const facets: Facets = {
    purpose: c.sections.toMap(purposeCount),
    brand: c.brands.toMap(brandCount),
    form: c.forms.toMap(formCount),
    options: c.options.toMap(optionCount),
    inStock: inStockCount,
    discount: discountCount,
    priceMin,
    priceMax,
  }
  if (!Number.isFinite(facets.priceMin)) facets.priceMin = 0
  const total = matched.length
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  // A page past the end shows the last page rather than an empty list.
  const page = Math.min(Math.max(1, state.page), pageCount)
  const upToPage = firstInOrder(matched, page * pageSize, COMPARE[state.sort])
  return { total, page, pageCount, pageIds: upToPage.slice((page - 1) * pageSize).map((e) => e.id), facets }
}

/**
 * The first `count` items in order, as `items.sort(compare).slice(0, count)` gives them (the orders
 * break ties by id, so there is one answer). A page needs a dozen of what may be 50 000 matches at
 * 100 000 products: keeping the best few in a sorted buffer costs one pass instead of a full sort.
 */
export function firstInOrder<T>(items: T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (count * 16 >= items.length) return items.slice().sort(compare).slice(0, count)
  const best: T[] = []
  for (const item of items) {
    if (best.length === count && compare(item, best[count - 1]!) >= 0) continue
    let low = 0
    let high = best.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (compare(best[middle]!, item) <= 0) low = middle + 1
      else high = middle
    }
    best.splice(low, 0, item)
    if (best.length > count) best.pop()
  }
  return best
}

export interface FilterOption {
  name: string
  id: string
  url: string
  active: 'Y' | 'N'
  datatype: 'checkbox' | 'number' | 'radio'
  count?: number
  /** For datatype 'number': the current value and the bound. */
  value?: string
  placeholder?: string
}

/** The spec's filter group: id, label, colsize, options, searchLabel. */
export interface FilterGroup {
  id: GroupId | 'sort' | PropertyGroupId
  label: string
  colsize: number
  options: FilterOption[]
  searchLabel: string
}

/**
 * A group as the filter's client component gets it: the options without their addresses, which it
 * does not use (it builds the address from the state), so the page's payload does not carry them
 * (ADR 213).
 */
export type FilterGroupView = Omit<FilterGroup, 'options'> & { options: Omit<FilterOption, 'url'>[] }

export function filterGroupsView(groups: readonly FilterGroup[]): FilterGroupView[] {
  return groups.map((g) => ({ ...g, options: g.options.map(({ url: _url, ...option }) => option) }))
}

/**
 * Filter groups for the page. Option addresses toggle that option (page reset to 1), so the filter
 * also works as plain links. The group fixed by the scope (purpose on a section page, brand on a
 * brand page) is left out.
 */
export function buildFilterGroups(index: CatalogIndex, scope: Scope, state: FilterState, result: FilterResult, basePath: string): FilterGroup[] {
  const at = (next: Partial<FilterState>) => filterUrl(basePath, { ...state, page: 1, ...next })
  const groups: FilterGroup[] = []
  if (scope.kind !== 'section') {
    groups.push({
      id: 'purpose',
      label: 'Назначение',
      colsize: 3,
      searchLabel: 'Найти назначение',
      options: index.sections
        .filter((s) => (result.facets.purpose.get(s.id) ?? 0) > 0 || state.purpose.includes(s.code))
        .map((s) => ({
          name: s.name,
          id: s.code,
          url: at({ purpose: toggle(state.purpose, s.code) }),
          active: state.purpose.includes(s.code) ? 'Y' : 'N',
          datatype: 'checkbox',
          count: result.facets.purpose.get(s.id) ?? 0,
        })),
    })
  }
  if (scope.kind !== 'brand') {
    groups.push({
      id: 'brand',
      label: 'Бренд',
      colsize: 3,
      searchLabel: 'Найти бренд',
      options: index.brands
        .filter((b) => (result.facets.brand.get(b.id) ?? 0) > 0 || state.brand.includes(b.code))
        .map((b) => ({
          name: b.name,
          id: b.code,
          url: at({ brand: toggle(state.brand, b.code) }),
          active: state.brand.includes(b.code) ? 'Y' : 'N',
          datatype: 'checkbox',
          count: result.facets.brand.get(b.id) ?? 0,
        })),
    })
  }
  groups.push({
    id: 'form',
    label: 'Форма выпуска',
    colsize: 2,
    searchLabel: '',
    options: PRODUCT_FORM_CODES.map((f) => ({
      name: FORM_NAMES[f],
      id: f,
      url: at({ form: toggle(state.form, f) }),
      active: state.form.includes(f) ? ('Y' as const) : ('N' as const),
      datatype: 'checkbox' as const,
      count: result.facets.form.get(f) ?? 0,
    })).filter((o) => o.count > 0 || o.active === 'Y'),
  })
  for (const p of propertiesIn(index, scope)) {
    const chosen = state.props[p.code] ?? []
    const options = p.options
      .map((o) => ({
        name: o.name,
        id: o.code,
        url: at({ props: toggleProp(state.props, p.code, o.code) }),
        active: chosen.includes(o.code) ? ('Y' as const) : ('N' as const),
        datatype: 'checkbox' as const,
        count: result.facets.options.get(o.id) ?? 0,
      }))
      .filter((o) => o.count > 0 || o.active === 'Y')
    // A property none of the list's products has is no choice at all.
    if (options.length) groups.push({ id: propertyGroupId(p.code), label: p.name, colsize: options.length > 6 ? 3 : 2, searchLabel: `Найти: ${p.name.toLowerCase()}`, options })
  }
  const rub = (k: number, up: boolean) => String(up ? Math.ceil(k / 100) : Math.floor(k / 100))
  groups.push({
    id: 'price',
    label: 'Цена, ₽',
    colsize: 2,
    searchLabel: '',
    options: [
      {
        name: 'от',
        id: 'price_from',
        url: at({ priceFrom: null }),
        active: state.priceFrom === null ? 'N' : 'Y',
        datatype: 'number',
        value: state.priceFrom === null ? '' : String(state.priceFrom),
        placeholder: rub(result.facets.priceMin, false),
      },
      {
        name: 'до',
        id: 'price_to',
        url: at({ priceTo: null }),
        active: state.priceTo === null ? 'N' : 'Y',
        datatype: 'number',
        value: state.priceTo === null ? '' : String(state.priceTo),
        placeholder: rub(result.facets.priceMax, true),
      },
    ],
  })
  groups.push({
    id: 'in_stock',
    label: 'Наличие',
    colsize: 1,
    searchLabel: '',
    options: [
      { name: 'В наличии', id: 'Y', url: at({ inStock: !state.inStock }), active: state.inStock ? 'Y' : 'N', datatype: 'checkbox', count: result.facets.inStock },
    ],
  })
  groups.push({
    id: 'discount',
    label: 'Скидки',
    colsize: 1,
    searchLabel: '',
    options: [
      { name: 'Со скидкой', id: 'Y', url: at({ discount: !state.discount }), active: state.discount ? 'Y' : 'N', datatype: 'checkbox', count: result.facets.discount },
    ],
  })
  groups.push({
    id: 'sort',
    label: 'Сортировка',
    colsize: 2,
    searchLabel: '',
    options: SORT_CODES.map((code) => ({
      name: SORT_NAMES[code],
      id: code,
      url: at({ sort: code }),
      active: state.sort === code ? 'Y' : 'N',
      datatype: 'radio' as const,
    })),
  })
  return groups
}

/** "Найдено 5 товаров" */
export function foundText(total: number): string {
  return `Найдено ${countOf(total, WORDS.product)}`
}

