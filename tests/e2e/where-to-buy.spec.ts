import { expect, test, type Page } from './test'

/**
 * 'Где купить' on the product page: the partner map popup draws the shop's map tiles (MAP_TILES_URL,
 * as every other map does), and the pharmacy-finder widget (ADR 087) sits in a frame with its product
 * selector (ADR 120).
 */
const PRODUCT = '/catalog/immunitet/p1-vitamin-d3-2000-me-evalar/'

/** The server's tile template (the same variable and default as src/lib/env.ts) as a pattern for requests. */
function tilePattern(): RegExp {
  const template = process.env.MAP_TILES_URL || 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'
  const escaped = template.replace(/[.*+?^$()|[\]\\/]/g, '\\$&')
  return new RegExp(`^${escaped.replace('{s}', '[a-z0-9]+').replace(/\{[xyz]\}/g, '-?\\d+').replace('{r}', '(@2x)?')}$`)
}

// A 1×1 PNG: the tests never reach the internet; the tile server is played here.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

async function serveTiles(page: Page): Promise<string[]> {
  const requested: string[] = []
  await page.route(tilePattern(), (route) => {
    requested.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'image/png', body: PNG })
  })
  return requested
}

test.describe('where to buy', () => {
  test('the partner map popup shows map tiles from the configured tile server under its markers', async ({ page }) => {
    const requested = await serveTiles(page)
    // A partner without pharmacies answers with an alert instead of a map; the next one is tried.
    let alerted = false
    page.on('dialog', (d) => {
      alerted = true
      void d.dismiss()
    })
    await page.goto(`${PRODUCT}#where-to-buy`)
    const buttons = page.locator('[data-partner-map-open]')
    await expect(buttons.first()).toBeVisible()
    const map = page.locator('[data-partner-map]')
    for (const button of await buttons.all()) {
      alerted = false
      await button.click()
      await expect.poll(async () => alerted || (await map.isVisible())).toBe(true)
      if (!alerted) break
    }
    // Every pharmacy of the list below the map is a marker in view (they span cities).
    const outlets = await page.locator('[data-partner-outlets] li').count()
    expect(outlets).toBeGreaterThan(1)
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(outlets)
    const box = await map.boundingBox()
    for (const marker of await map.locator('.leaflet-marker-icon').all()) {
      const m = await marker.boundingBox()
      expect(box && m && m.x >= box.x && m.y >= box.y && m.x + m.width <= box.x + box.width && m.y + m.height <= box.y + box.height).toBe(true)
    }
    const tiles = map.locator('.leaflet-tile-container img.leaflet-tile-loaded')
    await expect(tiles.first()).toBeVisible()
    const sources = await tiles.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))
    expect(sources.length).toBeGreaterThan(0)
    for (const src of sources) expect(src).toMatch(tilePattern())
    expect(requested.length).toBeGreaterThan(0)
  })

  test('the pharmacy finder sits in a frame whose product selector switches the product', async ({ page }) => {
    await page.goto(`${PRODUCT}#where-to-buy`)
    const productId = await page.locator('[data-product-page]').getAttribute('data-product-page')
    const frameEl = page.locator('[data-tab-panel="wtb"] iframe[data-finder-frame]')
    await expect(frameEl).toBeVisible()
    await expect(frameEl).toHaveAttribute('title', 'Где купить')
    const finder = page.frameLocator('[data-finder-frame]').locator('[data-pharmacy-finder]')
    // It opens on the product of the page.
    await expect(finder).toHaveAttribute('data-pharmacy-finder', String(productId))
    const select = page.frameLocator('[data-finder-frame]').locator('select[name="product"]')
    const options = await select.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))
    expect(options[0]).toBe(productId)
    expect(options.length).toBeGreaterThan(1)
    const other = options[1] as string
    await select.selectOption(other)
    await expect(finder).toHaveAttribute('data-pharmacy-finder', other)
    await expect(finder.locator('[data-finder-partners], p').first()).toBeVisible()
    // The frame is as tall as the widget: the shop's page scrolls, the frame never does.
    const frame = page.frame({ url: /\/pharmacy-finder\// })
    expect(frame).not.toBeNull()
    await expect
      .poll(async () => frame?.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
      .toBeLessThanOrEqual(1)
    // Inside the frame the shop's header and footer stay hidden.
    await expect(page.frameLocator('[data-finder-frame]').locator('body > header')).toBeHidden()
  })
})
