import { describe, expect, it } from 'vitest'
import { GET as featuredRoute } from '@/app/showcase/featured/route'
import { GET as partnerLinksRoute } from '@/app/showcase/partner-links/[id]/route'
import { GET as similarRoute } from '@/app/showcase/similar/[section]/[product]/route'
import { featuredSlides } from '@/domains/showcases/showcases.server'
import { loadPartnerLinks, loadProductPage } from './catalog.server'
import { SIMILAR_CARDS, similarProductsUrl } from './similar'

/** Parts of storefront pages their pages no longer send, asked for on a click or near the screen (ADR 213). */

const PRODUCT = { section: 'immunitet', product: 'p1-vitamin-d3-2000-me-evalar' }

const partnerLinks = (id: string) =>
  partnerLinksRoute(new Request(`http://shop.test/showcase/partner-links/${id}/`), { params: Promise.resolve({ id }) })

const similar = (section: string, product: string) =>
  similarRoute(new Request(`http://shop.test${similarProductsUrl(section, product)}`), {
    params: Promise.resolve({ section, product }),
  })

async function productPage() {
  const found = await loadProductPage(PRODUCT.section, PRODUCT.product)
  if (found.kind !== 'found') throw new Error('the seed has no D3 2000 product')
  return found.page
}

describe('a card’s partner links, asked for on the click', () => {
  it('answers the links the page used to send, without the hidden 103.by', async () => {
    const { card } = await productPage()
    const stored = (await loadPartnerLinks([card.id]))[card.id] ?? []
    expect(stored.some((p) => p.title === '103.by')).toBe(true)
    const res = await partnerLinks(String(card.id))
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
    expect(await res.json()).toEqual(stored.filter((p) => p.title !== '103.by'))
  })

  it('answers an empty list for a product without links, and 404 for what is not an id', async () => {
    expect(await (await partnerLinks('999999')).json()).toEqual([])
    expect((await partnerLinks('abc')).status).toBe(404)
    expect((await partnerLinks('-1')).status).toBe(404)
  })
})

describe('the product page’s blocks far down', () => {
  it('similar products: the first cards of the page’s similar list', async () => {
    const page = await productPage()
    expect(page.similar.length).toBeGreaterThan(SIMILAR_CARDS)
    const res = await similar(PRODUCT.section, PRODUCT.product)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(page.similar.slice(0, SIMILAR_CARDS))
  })

  it('similar products of a product that does not exist (or not in that section) answer 404', async () => {
    expect((await similar(PRODUCT.section, 'no-such-product')).status).toBe(404)
    expect((await similar('krasota', PRODUCT.product)).status).toBe(404)
  })

  it('featured slides: what the home page’s slider shows', async () => {
    const res = await featuredRoute()
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(await featuredSlides())
  })
})
