import { pausedClocks, type Page } from './test'

/**
 * Timing without the wall clock: on a busy machine a real 600 ms wait can hold a 400 ms timer or
 * let a 1 s one through, so tests that time the page move a fake clock instead.
 */

/**
 * Installs Playwright's fake clock paused, before the page exists: from then on the page's timers,
 * animation frames, Date and performance.now() move only by `page.clock.runFor` (and by the frames
 * a page is given after a navigation to get ready, see test.ts), until `page.clock.resume()` lets
 * them run with real time again.
 */
export async function pauseClock(page: Page): Promise<void> {
  const start = new Date('2026-03-02T10:00:00+03:00').getTime()
  await page.clock.install({ time: start })
  await page.clock.pauseAt(start + 1_000)
  pausedClocks.add(page)
}

/**
 * Resolves once the page has run every task queued so far. React renders state set in a timer in
 * such a task, and under a paused clock its scheduler never yields, so the DOM is up to date after.
 */
export async function tasksRun(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve()
        channel.port2.postMessage(null)
      }),
  )
}

/**
 * Resolves once the test has been told of every request the page has sent so far, including any a
 * queued task was about to send. Requests are reported in the order they go out, so when a marker
 * request sent after them has been reported, so have they: "nothing was sent" then means nothing,
 * not "not reported yet".
 */
export async function requestsHeard(page: Page): Promise<void> {
  await tasksRun(page)
  const marker = `/healthz/?heard=${Math.random().toString(36).slice(2)}`
  const heard = page.waitForRequest((r) => r.url().endsWith(marker))
  await page.evaluate((url) => fetch(url).then((r) => r.ok), marker)
  await heard
}
