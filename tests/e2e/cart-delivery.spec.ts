import { expect, test, type Page } from './test'

/**
 * The cart page's delivery summary (issue 'What a buyer trips over', point 15; ADR 095): the cheapest
 * pickup and courier delivery to the visitor's city with dates and what is left to free delivery,
 * following the basket and the city the buyer picks, which the checkout then opens with.
 */

interface Row {
  serviceName: string
  priceKopecks: number
  toFree: { leftKopecks: number; serviceName: string } | null
}
interface Summary {
  city: { code: string; name: string } | null
  pickup: Row | null
  courier: Row | null
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookie_consent', value: 'Y', url: baseURL! }])
})

/** What the server computes for this visitor now (the page must show the same). */
async function serverSummary(page: Page): Promise<Summary> {
  return page.evaluate(async () => (await (await fetch('/ajax/cart-delivery/')).json()) as Summary)
}

const digits = (text: string | null) => (text ?? '').replace(/\D/g, '')
const rubles = (kopecks: number) => String(Math.round(kopecks / 100))

async function cartWithFirstCard(page: Page) {
  await page.goto('/catalog/')
  const first = page.locator('article[data-offer-id]').first()
  await first.getByRole('button', { name: 'Купить' }).click()
  await expect(first.getByRole('button', { name: 'В корзине' })).toBeVisible()
  await page.goto('/personal/cart/')
}

async function expectRowsAsComputed(page: Page, summary: Summary) {
  const block = page.locator('[data-cart-delivery]')
  for (const kind of ['pickup', 'courier'] as const) {
    const row = summary[kind]
    expect(row).not.toBeNull()
    const shown = block.locator(`[data-delivery-kind="${kind}"]`)
    await expect(shown.locator('[data-delivery-price]')).toHaveText(row!.priceKopecks === 0 ? 'Бесплатно' : /^от \d/)
    if (row!.priceKopecks > 0) await expect.poll(async () => digits(await shown.locator('[data-delivery-price]').textContent())).toBe(rubles(row!.priceKopecks))
    // A day and a month in words: '5–7 марта', 'ближайшая дата — 5 марта'.
    await expect(shown.locator('[data-delivery-date]')).toHaveText(/\d{1,2} [а-я]+$/)
    if (row!.toFree) {
      await expect(shown.locator('[data-delivery-left]')).toContainText('До бесплатной доставки осталось')
      const left = rubles(row!.toFree.leftKopecks)
      // Polled: after a change the page shows the new summary once its own call has answered.
      await expect.poll(async () => digits(await shown.locator('[data-delivery-left]').textContent())).toBe(left)
    } else await expect(shown.locator('[data-delivery-left]')).toHaveCount(0)
  }
}

test.describe('cart page delivery summary', () => {
  test('shows the cheapest pickup and courier with dates and what is left to free delivery, and follows the quantity', async ({ page }) => {
    await cartWithFirstCard(page)
    const block = page.locator('[data-cart-delivery]')
    await expect(block.locator('[data-delivery-city]')).toHaveText('Москва')
    const before = await serverSummary(page)
    await expectRowsAsComputed(page, before)
    // Moscow's cheapest pickup is the shop's own free point (ADR 187); the courier still has a threshold.
    expect(before.pickup).toMatchObject({ priceKopecks: 0, toFree: null })
    expect(before.courier?.toFree).not.toBeNull()

    await page.getByRole('button', { name: /Увеличить/ }).click()
    // The stepper sends after its delay; then the summary is asked again for the new basket.
    await expect(page.locator('#main [data-cart-line] input')).toHaveValue('2')
    await expect
      .poll(async () => (await serverSummary(page)).courier?.toFree?.leftKopecks ?? 0)
      .toBeLessThan(before.courier!.toFree!.leftKopecks)
    await expectRowsAsComputed(page, await serverSummary(page))
  })

  test('another city picked on the cart page changes the summary and is where the checkout starts', async ({ page }) => {
    await cartWithFirstCard(page)
    const block = page.locator('[data-cart-delivery]')
    await expect(block.locator('[data-delivery-city]')).toHaveText('Москва')
    await block.getByRole('button', { name: 'Изменить' }).click()
    await block.getByRole('combobox').fill('Казань')
    await block.getByRole('option', { name: /Казань/ }).first().click()
    await expect(block.locator('[data-delivery-city]')).toHaveText('Казань')
    await expectRowsAsComputed(page, await serverSummary(page))
    // Remembered in the region cookie: a new page load and the checkout start from it.
    await page.reload()
    await expect(page.locator('[data-cart-delivery] [data-delivery-city]')).toHaveText('Казань')
    await page.goto('/personal/order/')
    await expect(page.getByTestId('checkout-left').getByRole('combobox', { name: /Населённый пункт/ })).toHaveValue(/Казань/)
  })
})
