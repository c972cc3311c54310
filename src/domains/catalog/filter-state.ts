/**
 * Filter state and its address, without zod or database imports so the browser bundle stays small.
 */
import type { ProductForm } from '@/db/schema/catalog'

export const SORT_CODES = ['popular', 'price_asc', 'price_desc', 'new', 'rating'] as const
export type SortCode = (typeof SORT_CODES)[number]

/** Bitrix's paginator parameter name, sent back in SHOW_MORE_BUTTON.PAGINATOR_NAME. */
export const PAGINATOR_NAME = 'PAGEN_1'
export const MAX_PRICE_RUB = 10_000_000
/** Same list as PRODUCT_FORMS in the schema (a unit test keeps them equal), without importing drizzle. */
export const PRODUCT_FORM_CODES = ['capsules', 'tablets', 'powder', 'liquid'] as const satisfies readonly ProductForm[]

/** The filter with codes resolved against the index; unknown codes are already gone. */
export interface FilterState {
  purpose: string[]
  brand: string[]
  form: ProductForm[]
  /** Whole roubles. */
  priceFrom: number | null
  priceTo: number | null
  inStock: boolean
  discount: boolean
  /** Filter properties of the back office (ADR 204): property code → its option codes. */
  props: Record<string, string[]>
  sort: SortCode
  page: number
}

/** A filter property's address parameter is this prefix and its code: ?p_taste=lemon. */
export const PROPERTY_PARAM_PREFIX = 'p_'
export const propertyGroupId = (code: string): PropertyGroupId => `${PROPERTY_PARAM_PREFIX}${code}`
export type PropertyGroupId = `p_${string}`

export const FORM_NAMES: Record<ProductForm, string> = {
  capsules: 'Капсулы',
  tablets: 'Таблетки',
  powder: 'Порошок',
  liquid: 'Жидкость',
}

export const SORT_NAMES: Record<SortCode, string> = {
  popular: 'По популярности',
  price_asc: 'Сначала дешевле',
  price_desc: 'Сначала дороже',
  new: 'Сначала новинки',
  rating: 'По рейтингу',
}

export const EMPTY_FILTER: FilterState = {
  purpose: [],
  brand: [],
  form: [],
  priceFrom: null,
  priceTo: null,
  inStock: false,
  discount: false,
  props: {},
  sort: 'popular',
  page: 1,
}

/** Canonical query string (stable order, page only when > 1); '' when nothing is set. */
export function filterQuery(state: FilterState, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams()
  if (state.purpose.length) p.set('purpose', state.purpose.join(','))
  if (state.brand.length) p.set('brand', state.brand.join(','))
  if (state.form.length) p.set('form', state.form.join(','))
  for (const code of Object.keys(state.props).sort()) {
    const options = state.props[code]!
    if (options.length) p.set(propertyGroupId(code), options.join(','))
  }
  if (state.priceFrom !== null) p.set('price_from', String(state.priceFrom))
  if (state.priceTo !== null) p.set('price_to', String(state.priceTo))
  if (state.inStock) p.set('in_stock', 'Y')
  if (state.discount) p.set('discount', 'Y')
  if (state.sort !== 'popular') p.set('sort', state.sort)
  if (state.page > 1) p.set(PAGINATOR_NAME, String(state.page))
  for (const [k, v] of Object.entries(extra)) p.set(k, v)
  const s = p.toString()
  return s ? `?${s}` : ''
}

export function filterUrl(basePath: string, state: FilterState): string {
  return basePath + filterQuery(state)
}

export function isFiltered(state: FilterState): boolean {
  return filterQuery({ ...state, sort: 'popular', page: 1 }) !== ''
}

export const toggle = <T>(list: readonly T[], item: T): T[] => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item])



/** A typed price bound: digits only, clamped; anything else clears the bound. */
export function clampPrice(value: string): number | null {
  if (!/^\d{1,12}$/.test(value.trim())) return null
  return Math.min(MAX_PRICE_RUB, Number(value.trim()))
}

/** The filter properties with one option of one property switched; a property left empty is dropped. */
export function toggleProp(props: Record<string, string[]>, code: string, option: string): Record<string, string[]> {
  const next = { ...props, [code]: toggle(props[code] ?? [], option) }
  if (next[code]!.length === 0) delete next[code]
  return next
}
