import { test as base, type BrowserContext, type Page } from '@playwright/test'

export * from '@playwright/test'

/**
 * Storefront pages run their scripts after the first paint (ADR 215), so the `load` event no longer
 * means the buttons work. After each full page load this waits until React has taken the page over
 * (`html[data-ready]`, set by the root document's first effect), as a buyer waits for a page to
 * respond. Pages without the after-paint loader (the back office, files) are not waited for.
 */
async function ready(page: Page): Promise<void> {
  const isReady = () => !('__afterPaint' in self) || document.documentElement.hasAttribute('data-ready')
  if (!pausedClocks.has(page)) return void (await page.waitForFunction(isReady))
  // React puts a long page's lower parts in place on an animation frame (ADR 217), and a paused
  // clock holds frames back: such a page is given frames, one at a time, until it is ready.
  while (!(await page.evaluate(isReady))) await page.clock.runFor(FRAME_MS)
}

/** Pages whose fake clock a test has paused (`pauseClock`): their time moves only when told. */
export const pausedClocks = new WeakSet<Page>()

/** The fake clock draws a frame every 16 ms. */
const FRAME_MS = 16

const waiting = new WeakSet<Page>()

function waitAfterNavigations(page: Page): void {
  if (waiting.has(page)) return
  waiting.add(page)
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
}

function waitInContext(context: BrowserContext): BrowserContext {
  context.pages().forEach(waitAfterNavigations)
  context.on('page', waitAfterNavigations)
  return context
}

export const test = base.extend<{ readyAfterNavigations: void }>({
  // Every page a test opens: its own, and those of the buyers' and managers' contexts it makes.
  readyAfterNavigations: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (...args: Parameters<typeof newContext>) => waitInContext(await newContext(...args))
      await provide()
      browser.newContext = newContext
    },
    { auto: true },
  ],
  context: async ({ context }, provide) => {
    await provide(waitInContext(context))
  },
})
