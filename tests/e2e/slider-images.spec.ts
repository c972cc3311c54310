import { expect, test, type Locator } from './test'
import { revealNearScreenBlocks } from './near-screen'

/**
 * Spec (error catalogue): a slider image that fails to load is marked failed. The buyer sees a
 * placeholder in its place, never the browser's broken-image icon.
 */

/** Every finished picture inside `root` that the browser could not draw (a broken image). */
function brokenImages(root: Locator): Promise<string[]> {
  return root.evaluate((el) =>
    [...el.querySelectorAll('img')].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.getAttribute('src') ?? ''),
  )
}

test.describe('slider images', () => {
  test('a slide picture that answers 404 is marked failed and shows a placeholder, not a broken image', async ({ page }) => {
    // Every picture of the shop answers 404, as a missing upload would.
    await page.route(
      (url) => url.pathname.startsWith('/upload/'),
      (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }),
    )
    await page.goto('/')
    await revealNearScreenBlocks(page)
    const sliders = page.locator('[data-slider]')
    await expect(sliders.first()).toBeAttached()
    let checked = 0
    for (const slider of await sliders.all()) {
      // A slider in a closed tab is not on screen; its pictures never load.
      if ((await slider.locator('img').count()) === 0 || !(await slider.isVisible())) continue
      // Lazy pictures load only near the screen.
      await slider.scrollIntoViewIfNeeded()
      const failed = slider.locator('img[data-failed]')
      await expect(failed.first()).toBeAttached()
      await expect.poll(() => brokenImages(slider)).toEqual([])
      // The placeholder is drawn (it has a size), in the picture's place.
      expect(await failed.first().evaluate((img: HTMLImageElement) => img.currentSrc.startsWith('data:image/svg+xml') && img.naturalWidth > 0)).toBe(true)
      checked++
    }
    expect(checked).toBeGreaterThan(2)
  })

  test('the product gallery marks a failed picture the same way', async ({ page }) => {
    await page.route(
      (url) => url.pathname.startsWith('/upload/'),
      (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }),
    )
    await page.goto('/catalog/immunitet/p1-vitamin-d3-2000-me-evalar/')
    const main = page.locator('[data-gallery-main]')
    await expect(main.locator('img[data-failed]').first()).toBeAttached()
    await expect.poll(() => brokenImages(main)).toEqual([])
  })
})
