import { expect, test } from './test'

/** The browser tests run a demo (no settings): every page says so in one slim line (ADR 152). */
test.describe('demo mode strip', () => {
  for (const path of ['/', '/catalog/', '/personal/cart/', '/no-such-page/']) {
    test(`shows on ${path}, above the header`, async ({ page }) => {
      await page.goto(path)
      const strip = page.getByTestId('mode-strip')
      await expect(strip).toBeVisible()
      await expect(strip).toHaveText(/^Демо-режим: /)
      const stripBox = await strip.boundingBox()
      const headerBox = await page.locator('header').boundingBox()
      expect(stripBox && headerBox && stripBox.y + stripBox.height <= headerBox.y + 1).toBe(true)
    })
  }

  test('stays slim and fits a narrow phone', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 })
    await page.goto('/')
    const box = await page.getByTestId('mode-strip').boundingBox()
    // Two short lines at most on the narrowest screen, one on a desktop.
    expect(box?.height ?? 0).toBeLessThanOrEqual(44)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(1)
    await page.setViewportSize({ width: 1280, height: 800 })
    expect((await page.getByTestId('mode-strip').boundingBox())?.height ?? 99).toBeLessThanOrEqual(28)
  })
})
