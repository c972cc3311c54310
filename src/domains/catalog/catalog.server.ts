import 'server-only'
import type { Metadata } from 'next'
import { cache } from 'react'
import { db } from '@/db/client'
import { srcsetOf } from '@/domains/media/media-library'
import { cached } from '@/lib/cache'
import { sanitizeRichText } from '@/lib/rich-text'
import { formatRub, kopecksToRubles } from '@/lib/money'
import { countOf, WORDS } from '@/lib/plural'
import {
  DEFAULT_SECTION_CODE,
  IMPORT_SECTION_CODE,
  offerLabel,
  productUrl,
  type PartnerLink,
  type ProductCardData,
  type ProductPageData,
} from './catalog'
import {
  buildFilterGroups,
  compileFilterColumns,
  filterQuery,
  foundText,
  isFiltered,
  paramsToRecord,
  parseFilter,
  runFilter,
  type CatalogIndex,
  type FilterGroup,
  type FilterState,
  type Scope,
} from './catalog-filter'
import { toCatalogItem, toOfferState, type CatalogResult, type ShowMoreButton } from './catalog-wire'
import {
  selectBrands,
  selectCatalogIndex,
  selectMenuSections,
  selectPartnerLinks,
  selectPartnerOutlets,
  selectProductCards,
  selectProductDetail,
  selectSimilarIds,
  selectSitemapProducts,
} from './catalog.db'
import { PAGINATOR_NAME } from './filter-state'
import { selectMovedProductUrl } from './product-slugs.db'
import { isRichText, plainTextOf } from './product-text'

export type { ProductCardData, OfferCardData, ProductPageData, PartnerWithOutlets } from './catalog'

const TAGS = { tags: ['catalog'] } as const

/** Catalogue cards for any showcase (home, favourites, cart cross-sell), in the order given. */
export function loadProductCards(productIds: number[]): Promise<ProductCardData[]> {
  const ids = [...new Set(productIds.filter((id) => Number.isSafeInteger(id) && id > 0))]
  if (ids.length === 0) return Promise.resolve([])
  return cached(`catalog:cards:${ids.join(',')}`, TAGS, () => selectProductCards(db(), ids))
}

export function loadCatalogIndex(): Promise<CatalogIndex> {
  return cached('catalog:index', TAGS, async () => {
    const index = await selectCatalogIndex(db())
    compileFilterColumns(index)
    return index
  })
}

export function loadMenuSections() {
  return cached('catalog:menu-sections', TAGS, () => selectMenuSections(db()))
}

export function loadBrands() {
  return cached('catalog:brands', TAGS, () => selectBrands(db()))
}

export async function loadPartnerLinks(productIds: number[]): Promise<Record<number, PartnerLink[]>> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b)
  if (ids.length === 0) return {}
  const map = await cached(`catalog:partners:${ids.join(',')}`, TAGS, () => selectPartnerLinks(db(), ids))
  return Object.fromEntries(map)
}

export function loadPartnerOutlets(partnerCode: string) {
  return cached(`catalog:outlets:${partnerCode}`, TAGS, () => selectPartnerOutlets(db(), partnerCode))
}

/** Which list an address shows: /catalog/, /catalog/{section}/, /catalog/Importozameschenie/, /brands/{code}/. */
export type ListRef = { kind: 'catalog'; section?: string } | { kind: 'brand'; code: string }

export interface ListHeading {
  kind: 'all' | 'section' | 'import' | 'brand'
  scope: Scope
  basePath: string
  title: string
  description: string
  sectionCode: string | null
  brandCode: string | null
  /** The section's own <title> and meta description from the back office (ADR 192); empty: made up. */
  seoTitle?: string
  seoDescription?: string
}

/** null when the section or brand does not exist (→ 404). */
export async function resolveList(ref: ListRef): Promise<ListHeading | null> {
  const index = await loadCatalogIndex()
  if (ref.kind === 'brand') {
    const brand = (await loadBrands()).find((b) => b.code === ref.code)
    if (!brand) return null
    return {
      kind: 'brand',
      scope: { kind: 'brand', brandId: brand.id },
      basePath: `/brands/${brand.code}/`,
      title: brand.name,
      description: brand.description,
      sectionCode: null,
      brandCode: brand.code,
    }
  }
  const code = ref.section
  if (!code || code === DEFAULT_SECTION_CODE) {
    return { kind: 'all', scope: { kind: 'all' }, basePath: '/catalog/', title: 'Каталог', description: '', sectionCode: null, brandCode: null }
  }
  if (code === IMPORT_SECTION_CODE) {
    return {
      kind: 'import',
      scope: { kind: 'import' },
      basePath: `/catalog/${IMPORT_SECTION_CODE}/`,
      title: 'Импортозамещение',
      description: 'Российские аналоги популярных зарубежных витаминов и БАД.',
      sectionCode: IMPORT_SECTION_CODE,
      brandCode: null,
    }
  }
  const section = index.sections.find((s) => s.code === code)
  if (!section) return null
  const full = (await loadMenuSections()).find((s) => s.id === section.id)
  return {
    kind: 'section',
    scope: { kind: 'section', sectionId: section.id },
    basePath: `/catalog/${section.code}/`,
    title: section.name,
    description: full?.description ?? '',
    sectionCode: section.code,
    brandCode: null,
    seoTitle: full?.seoTitle ?? '',
    seoDescription: full?.seoDescription ?? '',
  }
}

export interface CatalogList {
  heading: ListHeading
  state: FilterState
  total: number
  foundText: string
  page: number
  pageCount: number
  groups: FilterGroup[]
  cards: ProductCardData[]
  partners: Record<number, PartnerLink[]>
  showMore: ShowMoreButton | null
  /** Plain page links for visitors without JavaScript. */
  pageUrl: (page: number) => string
}

type Params = Record<string, string | string[] | undefined>

/**
 * One page of a list: zero queries when the index and the page's cards are cached. A page and its
 * metadata ask for the same list in one request; it is filtered once (at 100 000 products a filter pass
 * is the page's largest cost).
 */
export function loadCatalogList(ref: ListRef, params: Params | URLSearchParams): Promise<CatalogList | null> {
  return listOnce(JSON.stringify(ref), (params instanceof URLSearchParams ? params : toSearchParams(params)).toString())
}

function toSearchParams(params: Params): URLSearchParams {
  const out = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) for (const one of [value ?? []].flat()) out.append(key, one)
  return out
}

const listOnce = cache((ref: string, query: string) => filterList(JSON.parse(ref) as ListRef, paramsToRecord(new URLSearchParams(query))))

async function filterList(ref: ListRef, record: Params): Promise<CatalogList | null> {
  const heading = await resolveList(ref)
  if (!heading) return null
  const index = await loadCatalogIndex()
  const parsed = parseFilter(record, index)
  const result = runFilter(index, heading.scope, parsed)
  const state = { ...parsed, page: result.page }
  const [cards, partners] = await Promise.all([loadProductCards(result.pageIds), loadPartnerLinks(result.pageIds)])
  const filterOnly = filterQuery({ ...state, page: 1 }).replace(/^\?/, '')
  return {
    heading,
    state,
    total: result.total,
    foundText: foundText(result.total),
    page: result.page,
    pageCount: result.pageCount,
    groups: buildFilterGroups(index, heading.scope, state, result, heading.basePath),
    cards,
    partners,
    showMore: result.page < result.pageCount ? { NEXT_PAGE: result.page + 1, PAGINATOR_NAME, FILTER: filterOnly } : null,
    pageUrl: (page) => heading.basePath + filterQuery({ ...state, page }),
  }
}

/** The 'ПОКАЗАТЬ ЕЩЁ' answer (GET of the page address with ajax=Y). */
export async function loadCatalogResult(ref: ListRef, params: Params | URLSearchParams): Promise<CatalogResult | null> {
  const list = await loadCatalogList(ref, params)
  if (!list) return null
  return {
    ITEMS: list.cards.map((c) => toCatalogItem(c, list.partners[c.id] ?? [])),
    OFFERS_STATES: Object.fromEntries(list.cards.map((c) => [c.id, toOfferState(c)])),
    SECTION_NAME: list.heading.title,
    SHOW_PACKAGES: true,
    SHOW_MORE_BUTTON: list.showMore,
  }
}

/** Address path of a list page → which list it is (for the show-more handler). */
export function listRefFromPath(path: string): ListRef | null {
  const brand = /^\/brands\/([A-Za-z0-9_-]{1,100})\/$/.exec(path)
  if (brand) return { kind: 'brand', code: brand[1]! }
  if (path === '/catalog/') return { kind: 'catalog' }
  const section = /^\/catalog\/([A-Za-z0-9_-]{1,100})\/$/.exec(path)
  if (section) return { kind: 'catalog', section: section[1]! }
  return null
}

/** Menu by purpose: every active section as a menu item. */
export async function loadPurposeMenu(activeCode: string | null): Promise<{ name: string; url: string; picture: string; active: boolean }[]> {
  const sections = await loadMenuSections()
  return sections.map((s) => ({ name: s.name, url: `/catalog/${s.code}/`, picture: s.picture, active: s.code === activeCode }))
}

/** Title, description and canonical address of a list page; filtered variants point to the plain list. */
export function listMetadata(list: CatalogList): Metadata {
  const canonical = list.heading.basePath + (list.page > 1 && !isFiltered(list.state) ? `?${PAGINATOR_NAME}=${list.page}` : '')
  const title = list.heading.kind === 'all' ? 'Каталог витаминов и БАД' : list.heading.seoTitle || `${list.heading.title} — купить витамины и БАД`
  const description =
    list.heading.seoDescription ||
    list.heading.description ||
    `${list.heading.title}: ${countOf(list.total, WORDS.product)} с доставкой по России. Цены, отзывы, наличие в аптеках-партнёрах.`
  return {
    title: list.page > 1 ? `${title}, страница ${list.page}` : title,
    description,
    alternates: { canonical },
    openGraph: { title, description, url: canonical, type: 'website' },
  }
}

/** /brands/: every brand with the number of products it has in the catalogue. */
export async function loadBrandDirectory() {
  const [brands, index] = await Promise.all([loadBrands(), loadCatalogIndex()])
  const counts = new Map<number, number>()
  for (const e of index.entries) counts.set(e.brandId, (counts.get(e.brandId) ?? 0) + 1)
  return brands.map((b) => ({
    code: b.code,
    name: b.name,
    country: b.country,
    logo: b.logoSizes?.card?.url || b.logo,
    logoSrcset: srcsetOf(b.logoSizes),
    count: counts.get(b.id) ?? 0,
  }))
}

export type ProductLookup = { kind: 'found'; page: ProductPageData } | { kind: 'moved'; url: string } | { kind: 'missing' }

const SIMILAR_COUNT = 8

/**
 * The product page at /catalog/{main section}/{product}/. Another section in the address answers
 * 'moved' to the one canonical address (ADR 010).
 */
export async function loadProductPage(sectionCode: string, productCode: string): Promise<ProductLookup> {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(productCode)) return { kind: 'missing' }
  const page = await cached(`catalog:product:${productCode}`, TAGS, async (): Promise<ProductPageData | null> => {
    const detail = await selectProductDetail(db(), productCode)
    if (!detail) return null
    const [similarIds, links] = await Promise.all([selectSimilarIds(db(), detail.id, SIMILAR_COUNT), selectPartnerLinks(db(), [detail.id])])
    const partnerLinks = links.get(detail.id) ?? []
    const [similar, outlets] = await Promise.all([
      selectProductCards(db(), similarIds),
      Promise.all(partnerLinks.map((p) => loadPartnerOutlets(p.code))),
    ])
    return {
      card: detail.card,
      // Stored clean by the editor; cleaned again on the way out, as every rich text is (ADR 157).
      description: cleanText(detail.description),
      composition: cleanText(detail.composition),
      howToUse: cleanText(detail.howToUse),
      instruction: cleanText(detail.instruction),
      seoTitle: detail.seoTitle,
      seoDescription: detail.seoDescription,
      brand: { name: detail.card.brandName, url: `/brands/${detail.card.brandCode}/`, nofollow: detail.brandNofollow, country: detail.brandCountry },
      images: detail.images,
      badges: detail.badges,
      properties: detail.properties,
      partners: partnerLinks.map((p, i) => ({ ...p, outlets: outlets[i] ?? [] })),
      similar,
    }
  })
  if (!page) {
    // A renamed product's old code answers 301 to its current address (ADR 178).
    const moved = await cached(`catalog:moved:${productCode}`, TAGS, () => selectMovedProductUrl(db(), productCode))
    return moved ? { kind: 'moved', url: moved } : { kind: 'missing' }
  }
  if (page.card.sectionCode !== sectionCode) return { kind: 'moved', url: page.card.url }
  return { kind: 'found', page }
}

/** Title, description, canonical and Open Graph of a product page. */
export function productMetadata(page: ProductPageData): Metadata {
  const p = page.card
  const offer = p.offers[0]
  const title = page.seoTitle || `${p.name} — купить по цене ${offer ? formatRub(offer.price) : ''}`.trim()
  const description = page.seoDescription || (p.subTitle ? `${p.subTitle}. ` : '') + plainTextOf(page.description).slice(0, 180)
  const image = page.images[0]?.url ?? offer?.picture
  return {
    title,
    description,
    alternates: { canonical: p.url },
    openGraph: { title: p.name, description, url: p.url, type: 'website', images: image ? [{ url: image }] : [] },
  }
}

const cleanText = (text: string) => (isRichText(text) ? sanitizeRichText(text) : text)

/** schema.org Product with its offers in RUB. */
export function productJsonLd(page: ProductPageData, baseUrl: string): Record<string, unknown> {
  const p = page.card
  const abs = (u: string) => new URL(u, baseUrl).toString()
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: plainTextOf(page.description),
    sku: String(p.offers[0]?.id ?? p.id),
    url: abs(p.url),
    image: page.images.map((i) => abs(i.url)),
    brand: { '@type': 'Brand', name: page.brand.name },
    category: p.sectionName,
    ...(p.ratesCount > 0 ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating, reviewCount: p.ratesCount, bestRating: 5, worstRating: 1 } } : {}),
    offers: p.offers.map((o) => ({
      '@type': 'Offer',
      sku: String(o.id),
      name: `${p.name}, ${offerLabel(o)}`,
      price: kopecksToRubles(o.price).toFixed(2),
      priceCurrency: 'RUB',
      availability: o.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: abs(p.url),
    })),
  }
}

/** Every catalogue address for sitemap.xml. */
export function loadSitemapEntries() {
  return cached('catalog:sitemap', TAGS, async () => {
    const [index, productsList] = await Promise.all([loadCatalogIndex(), selectSitemapProducts(db())])
    const brandsList = await loadBrands()
    return {
      sections: index.sections.map((s) => `/catalog/${s.code}/`),
      brands: brandsList.map((b) => `/brands/${b.code}/`),
      products: productsList.map((p) => ({ url: productUrl(p.sectionCode, p.code), lastModified: p.createdAt })),
    }
  })
}
