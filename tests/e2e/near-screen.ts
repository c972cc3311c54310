import { expect, type Page } from './test'

/** The first block on the page still waiting to load, or null; hidden tab panels do not count. */
const firstWaiting = (page: Page) =>
  page.evaluateHandle(() => [...document.querySelectorAll('[data-near-screen="loading"]')].find((el) => el.checkVisibility()) ?? null)

/**
 * Blocks far down a page load when they near the screen (ADR 191). This scrolls to each one still
 * waiting, in page order, until every shown one has its content.
 */
export async function revealNearScreenBlocks(page: Page) {
  for (let block = (await firstWaiting(page)).asElement(); block; block = (await firstWaiting(page)).asElement()) {
    // It may have loaded since it was found: scroll only to one still there.
    await block.evaluate((el) => el.isConnected && el.scrollIntoView({ block: 'center' }))
    await page.waitForFunction((el) => !el.isConnected, block)
  }
  await expect(page.locator('[data-near-screen="failed"]')).toHaveCount(0)
}
