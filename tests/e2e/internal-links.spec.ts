import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from './test'
import { revealNearScreenBlocks } from './near-screen'

/**
 * Every internal link rendered on the home page, the product landings, the weight-loss programme and
 * its meal plan answers 200 (redirects followed, at most a few, so a loop fails). The seed-data twin is
 * src/db/seed/seed-links.int.test.ts; this one also catches links the pages build themselves.
 */
const root = path.resolve(import.meta.dirname, '../..')
const landingCodes = ['landings-pages.json', 'landings-programme.json'].flatMap((file) =>
  (
    JSON.parse(readFileSync(path.join(root, 'src/db/seed/data', file), 'utf8')) as {
      code: string
      kind: string
    }[]
  )
    .filter((l) => l.kind === 'product')
    .map((l) => l.code),
)
// The programme and the meal plan have fixed addresses (src/app/(shop)/turboslim/); the landings live at /landing/{code}/.
const PAGES = ['/', ...landingCodes.map((code) => `/landing/${code}/`), '/turboslim/', '/turboslim/menu/']

// /ajax/ addresses are calls that want a session token and a POST, not pages; none is expected as a
// link, and one would be reported by name rather than requested. Files (pictures, PDFs) are requested
// like pages: a dead download is as broken as a dead page.
const isCall = (href: string) => href.startsWith('/ajax/')
const PARALLEL = 4
const MAX_REDIRECTS = 5

test('every internal link on the home page, landings, programme and meal plan answers 200', async ({
  page,
}) => {
  test.setTimeout(180_000)
  expect(landingCodes.length).toBeGreaterThanOrEqual(2)
  const foundOn = new Map<string, string>()
  for (const address of PAGES) {
    const response = await page.goto(address)
    expect(response?.status(), address).toBe(200)
    await revealNearScreenBlocks(page)
    const hrefs = await page
      .locator('a[href^="/"]:not([href^="//"])')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
    for (const href of hrefs) {
      const target = href.split('#')[0] ?? ''
      if (target && !foundOn.has(target)) foundOn.set(target, address)
    }
  }
  const targets = [...foundOn.keys()].filter((href) => !isCall(href))
  expect(targets.length).toBeGreaterThan(20)
  expect(targets).toContain('/catalog/')
  expect([...foundOn.keys()].filter(isCall)).toEqual([])

  const dead: string[] = []
  const queue = [...targets]
  const worker = async () => {
    for (let href = queue.shift(); href !== undefined; href = queue.shift()) {
      try {
        const answer = await page.request.get(href, { maxRedirects: MAX_REDIRECTS })
        if (answer.status() !== 200) dead.push(`${href} (on ${foundOn.get(href)}): ${answer.status()}`)
      } catch (error) {
        dead.push(
          `${href} (on ${foundOn.get(href)}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        )
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
  expect(dead).toEqual([])
})
