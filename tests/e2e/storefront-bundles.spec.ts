import { gzipSync } from 'node:zlib'
import { expect, test, type Page, type Response } from './test'
import { adminManifests, adminMarkers, adminTraces, markersIn, storefrontManifests } from './bundle-kit'
import { addToBasket } from './checkout-kit'

/**
 * Issue 18: none of the back office's code reaches the storefront's bundles (ADR 168). Read from the
 * build this suite runs against: every storefront route's client manifest and every chunk it loads
 * or may load later, then the scripts a browser really fetches on the busiest pages. Each check is
 * first shown to find the back office where it is (its own routes), so an empty answer means absence,
 * not a blind check.
 */

const distDir = process.env.NEXT_DIST_DIR ?? '.next'

test.describe('storefront bundles carry no back-office code', () => {
  test('no storefront route names a back-office module or loads a chunk with back-office text', () => {
    // Enough texts to recognise any back-office screen by.
    expect(adminMarkers().length).toBeGreaterThan(100)
    // The same check on the back office's own routes finds it: by module and by text.
    const inAdmin = adminTraces(distDir, adminManifests(distDir))
    expect(inAdmin.some((t) => t.includes(': module '))).toBe(true)
    expect(inAdmin.some((t) => t.includes(': «'))).toBe(true)

    const shop = storefrontManifests(distDir)
    expect(shop.map((r) => r.route)).toEqual(expect.arrayContaining(['(shop)/page', '(shop)/catalog/page', '(shop)/catalog/[section]/[product]/page', '(shop)/personal/cart/page', '(shop)/personal/order/page']))
    expect(adminTraces(distDir, shop)).toEqual([])
  })

  /** The shop's own scripts a page fetches while it loads and settles (not the counters' fakes), with their text. */
  async function scriptsOf(page: Page, url: string, origin: string): Promise<Map<string, string>> {
    const names = new Set<string>()
    const record = (response: Response) => {
      const address = new URL(response.url())
      if (address.origin === origin && response.request().resourceType() === 'script') names.add(address.pathname)
    }
    page.on('response', record)
    await page.goto(url, { waitUntil: 'networkidle' })
    page.off('response', record)
    // Read again by address: a page's response body is gone once the browser navigates on, and
    // the chunks are immutable files.
    const scripts = new Map<string, string>()
    for (const name of names) scripts.set(name, await (await page.request.get(name)).text())
    return scripts
  }

  test('the home, catalogue, product, cart and checkout pages fetch no back-office code', async ({ page, baseURL }, testInfo) => {
    await addToBasket(page, 1)
    const pages = ['/', '/catalog/', '/catalog/immunitet/p1-vitamin-d3-2000-me-evalar/', '/personal/cart/', '/personal/order/']
    const figures: string[] = []
    for (const url of pages) {
      const scripts = await scriptsOf(page, url, new URL(baseURL ?? '').origin)
      expect(scripts.size, url).toBeGreaterThan(0)
      const found = [...scripts].flatMap(([name, text]) => markersIn(text).map((m) => `${url} ${name}: «${m}»`))
      expect(found).toEqual([])
      const gzip = [...scripts.values()].reduce((sum, text) => sum + gzipSync(text).length, 0)
      figures.push(`${url}: ${scripts.size} scripts, ${(gzip / 1024).toFixed(1)} KiB gzip`)
    }
    testInfo.annotations.push({ type: 'first-load JS', description: figures.join('; ') })
  })
})
