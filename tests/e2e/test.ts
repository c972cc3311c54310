import { test as base, type Page } from '@playwright/test'

export * from '@playwright/test'

/**
 * Storefront pages run their scripts after the first paint (ADR 215), so the `load` event no longer
 * means the buttons work. After each full page load this waits until React has taken the page over
 * (`html[data-ready]`, set by the layout's first effect), as a buyer waits for a page to respond.
 * Pages without the after-paint loader (the back office, files) are not waited for.
 */
async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => !('__afterPaint' in self) || document.documentElement.hasAttribute('data-ready'))
}

export const test = base.extend({
  page: async ({ page }, provide) => {
    for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>
      Object.assign(page, {
        [method]: async (...args: unknown[]) => {
          const response = await navigate(...args)
          await ready(page)
          return response
        },
      })
    }
    await provide(page)
  },
})
