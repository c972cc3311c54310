import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from './test'
import { signInAsStaff } from './staff-sign-in'

// The full-page cache (ADR 161) as a buyer meets it: a first visit gets its session from a cached page
// and can buy at once, and a published review reaches the cached product page on the next visit.

/** The reviews spec publishes here too; both only ever add reviews, so 'more than before' holds. */
const ZINC = '/catalog/immunitet/p1-tsink-khelat-solgar/'
/** A buyer of the seed: the photo form is for signed-in buyers; a staff member publishes (issue 18). */
const MANAGER = { email: 'manager@vitamarket.local', password: 'Moderator-2026' }

async function sessidOf(page: Page): Promise<string> {
  return decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'vm_sessid')?.value ?? '')
}

/** The page as the cache sends it: whether it came from memory, and the review count in its HTML. */
async function cachedProductPage(request: APIRequestContext) {
  const res = await request.get(ZINC)
  const html = await res.text()
  return { cache: res.headers()['x-page-cache'], reviews: Number(/\((?:<!-- -->)?(\d+) отзыв/.exec(html)?.[1] ?? 0) }
}

/**
 * A first visit in a context of its own, tried again until the page comes from memory: the first try
 * warms the cache, and a parallel test's write may empty it again between two tries.
 */
async function firstVisitFromCache(browser: Browser, path: string): Promise<{ context: BrowserContext; page: Page }> {
  let visit: { context: BrowserContext; page: Page } | undefined
  await expect(async () => {
    await visit?.context.close()
    const context = await browser.newContext()
    visit = { context, page: await context.newPage() }
    expect((await visit.page.goto(path))?.headers()['x-page-cache']).toBe('hit')
  }).toPass()
  if (!visit) throw new Error('no visit was made')
  return visit
}

test.describe('full-page cache', () => {
  test('a first visit to a cached page gets a session of its own and buys with it', async ({ browser }) => {
    const { context: first, page } = await firstVisitFromCache(browser, '/catalog/')
    const other = await browser.newContext()
    try {
      await (await other.newPage()).goto('/catalog/')
      const sessionOf = async (ctx: typeof first) => (await ctx.cookies()).find((c) => c.name === 'vm_sid')?.value
      const [mine, theirs] = [await sessionOf(first), await sessionOf(other)]
      expect(mine).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(theirs).not.toBe(mine)
      const buy = page.getByRole('main').getByRole('button', { name: 'Купить' }).first()
      await buy.evaluate((el) => el.scrollIntoView({ block: 'center' }))
      await buy.click()
      await expect(page.getByRole('main').getByRole('button', { name: 'В корзине' }).first()).toBeVisible()
      // The server took the purchase with the cookies the cached page gave: the cart holds it.
      await page.goto('/personal/cart/')
      await expect(page.getByRole('main').locator('[data-cart-line]')).toHaveCount(1)
    } finally {
      await Promise.all([first.close(), other.close()])
    }
  })

  test('a review published by the manager shows in the cached product page at once', async ({ page }, info) => {
    await page.goto('/')
    const signedIn = await page.request.post('/ajax/auth/', {
      form: { LOGIN_OR_EMAIL: MANAGER.email, PASS: MANAGER.password, sessid: await sessidOf(page) },
    })
    expect(signedIn.status()).toBeLessThan(400)
    // Until the page is served from memory (another test may have just emptied the cache).
    await expect.poll(async () => (await cachedProductPage(page.request)).cache).toBe('hit')
    const before = (await cachedProductPage(page.request)).reviews

    await page.goto(`${ZINC}#reviews`)
    const block = page.getByTestId('product-reviews')
    await block.getByRole('button', { name: 'Отзыв с фото' }).click()
    const form = page.getByRole('form', { name: 'Отзыв с фотографиями' })
    await form.getByLabel('5 из 5').check({ force: true })
    const text = `Отзыв для кэша страниц ${info.project.name} ${Date.now()}`
    await form.getByLabel('Впечатления').fill(text)
    await form.getByRole('button', { name: 'Отправить отзыв' }).click()
    await expect(block.getByText('Спасибо за отзыв! Ваш отзыв направлен на модерацию')).toBeVisible({ timeout: 20_000 })

    await signInAsStaff(page)
    const item = page.getByTestId('moderation-item').filter({ hasText: text })
    await item.getByRole('button', { name: 'Опубликовать' }).click()
    await expect(item.getByRole('status')).toHaveText('Отзыв опубликован.')

    // No waiting for a TTL: the very next request renders the page with the new count.
    const after = await cachedProductPage(page.request)
    expect(after.reviews, JSON.stringify(after)).toBeGreaterThan(before)
  })
})
