import { expect, test, type Request } from './test'

/**
 * Issue 17, ADR 217: what a phone's main thread is spared after the first paint. Links prefetch the
 * page they lead to when the buyer reaches for them, not when they come into view; the script chunks
 * arrive with V8's compile hint, so Chrome compiles them while they download; the product page's
 * parts below the fold hydrate in a pass of their own.
 */

const PRODUCT = '/catalog/immunitet/p1-vitamin-d3-2000-me-evalar/'
const isPrefetch = (request: Request) => new URL(request.url()).searchParams.has('_rsc')

test.describe('script delivery', () => {
  test('a page prefetches no link on sight, and the link under the pointer on intent', async ({ page, baseURL }) => {
    const prefetched: string[] = []
    page.on('request', (request) => {
      if (isPrefetch(request)) prefetched.push(new URL(request.url()).pathname)
    })
    // The header, the breadcrumbs and the product's brand are all links in view; on sight, Next
    // would fetch each of them as soon as the page is hydrated.
    await page.goto(PRODUCT, { waitUntil: 'networkidle' })
    const crumb = page.locator('nav[aria-label="Навигационная цепочка"] a[href="/catalog/immunitet/"]').first()
    await expect(crumb).toBeVisible()
    expect(prefetched).toEqual([])

    const onIntent = page.waitForRequest((request) => isPrefetch(request) && new URL(request.url()).pathname === '/catalog/immunitet/')
    await crumb.hover()
    await onIntent
    expect(new Set(prefetched)).toEqual(new Set(['/catalog/immunitet/']))

    // The prefetched page opens by client navigation, as before.
    await crumb.click()
    await expect(page).toHaveURL(`${baseURL}/catalog/immunitet/`)
  })

  test('script chunks arrive with the compile hint on their first line', async ({ page }) => {
    const chunks: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && new URL(request.url()).pathname.startsWith('/_next/static/chunks/')) chunks.push(request.url())
    })
    await page.goto(PRODUCT)
    expect(chunks.length).toBeGreaterThan(3)
    for (const url of chunks) {
      const text = await (await page.request.get(url)).text()
      expect(text.startsWith('//# allFunctionsCalledOnLoad\n'), url).toBe(true)
    }
    // A stylesheet under the same folder is sent as it was built.
    const css = await page.locator('link[rel="stylesheet"][href^="/_next/static/chunks/"]').first().getAttribute('href')
    expect(css).not.toBeNull()
    expect((await (await page.request.get(css ?? '')).text()).startsWith('//#')).toBe(false)
  })

  test('the product page marks itself ready only once its later-hydrated parts have hydrated too', async ({ page }) => {
    // Read in the same task as the mark is set: the later parts hydrate in tasks of their own, so a
    // mark set by the root alone would find them not yet taken over.
    await page.addInitScript(() => {
      const hydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))
      new MutationObserver((_, observer) => {
        if (!document.documentElement.hasAttribute('data-ready')) return
        observer.disconnect()
        const parts = [...document.querySelectorAll('[data-hydrate-later]')]
        Object.assign(window, { atReady: { parts: parts.length, hydrated: parts.filter(hydrated).length } })
      }).observe(document, { subtree: true, attributeFilter: ['data-ready'] })
    })
    await page.goto(PRODUCT)
    // The header, the page's content, the reviews, the question form and the footer.
    expect(await page.evaluate(() => (window as { atReady?: unknown }).atReady)).toEqual({ parts: 5, hydrated: 5 })
  })

  test('after the first paint the chunks are added one per task', async ({ page }) => {
    // A mutation observer hears of the changes once per task, so each batch is what one task added.
    await page.addInitScript(() => {
      const batches: number[] = []
      Object.assign(window, { chunkBatches: batches })
      new MutationObserver((records) => {
        const added = records.flatMap((r) => [...r.addedNodes]).filter((n) => n instanceof HTMLScriptElement && n.src.includes('/_next/static/chunks/'))
        if (added.length > 0) batches.push(added.length)
      }).observe(document, { subtree: true, childList: true })
    })
    await page.goto(PRODUCT)
    const batches = await page.evaluate(() => (window as { chunkBatches?: number[] }).chunkBatches ?? [])
    const named = await page.evaluate(() => document.querySelectorAll('script[src*="/_next/static/chunks/"]').length)
    expect(batches.reduce((a, b) => a + b, 0)).toBe(named)
    expect(named).toBeGreaterThan(3)
    expect(Math.max(...batches)).toBe(1)
  })
})
