import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext } from '../test'
import { newStaff, OWNER, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 185): the warehouse keeper changes the stock of 20 offers in the stock grid with the
 * keyboard alone and saves them at once; the storefront's product page shows the new stock state.
 */
const PRODUCTS = 10

/** Ten published products of two offers each, made through the owner's API, named after the run. */
async function products(request: APIRequestContext, origin: string, suffix: string): Promise<{ url: string }[]> {
  const headers = { origin }
  expect((await request.post('/api/admin/session/', { data: OWNER, headers })).ok()).toBe(true)
  const list = (await (await request.get('/api/admin/products/?state=published')).json()) as { items: { id: number }[] }
  const model = (await (await request.get(`/api/admin/products/${list.items.at(-1)!.id}/`)).json()) as { sectionIds: number[]; brandId: number }
  const made: { url: string }[] = []
  for (let i = 0; i < PRODUCTS; i++) {
    const created = await request.post('/api/admin/products/', {
      headers,
      data: { name: `Сетка ${suffix} ${String(i).padStart(2, '0')}`, code: `grid-${suffix}-${i}`, sectionIds: model.sectionIds, brandId: model.brandId, form: 'capsules', badges: [] },
    })
    expect(created.ok(), await created.text()).toBe(true)
    const { id } = (await created.json()) as { id: number }
    for (const size of [30, 90]) {
      const offer = await request.post(`/api/admin/products/${id}/offers/`, { headers, data: { packageSize: size, packageUnit: 'капсул', sku: `GRID-${suffix}-${i}-${size}`, price: 50_000, stock: 10 } })
      expect(offer.ok(), await offer.text()).toBe(true)
    }
    const published = await request.patch(`/api/admin/products/${id}/`, { headers, data: { published: true } })
    expect(published.ok(), await published.text()).toBe(true)
    made.push({ url: ((await published.json()) as { url: string }).url })
  }
  await request.delete('/api/admin/session/', { headers })
  return made
}

test('the warehouse keeper changes the stock of 20 offers with the keyboard, and the shop shows it', async ({ page, baseURL }) => {
  const suffix = randomUUID().slice(0, 8)
  const made = await products(page.request, new URL(baseURL!).origin, suffix)
  await page.goto(made[0]!.url)
  await expect(page.getByRole('button', { name: 'Купить' }).first()).toBeVisible()

  await signIn(page, await newStaff(page.request, 'warehouse'), '/admin/')
  await page.getByRole('link', { name: 'Остатки' }).click()
  await page.getByRole('searchbox', { name: 'Поиск' }).fill(`Сетка ${suffix}`)
  await page.getByRole('searchbox', { name: 'Поиск' }).press('Enter')
  const grid = page.getByRole('grid', { name: 'Остатки и цены' })
  await expect(grid.locator('tbody tr')).toHaveCount(2 * PRODUCTS)
  // The warehouse changes stock and thresholds, not prices.
  await expect(grid.locator('[data-cell="0-2"]')).toHaveAttribute('aria-readonly', 'true')

  // Row by row down the stock column: the first product's two offers run out, the others get 15..32 (never the 10 they had).
  const wanted = Array.from({ length: 2 * PRODUCTS }, (_, i) => (i < 2 ? '0' : String(i + 13)))
  await grid.locator('[data-cell="0-0"]').click()
  for (const [row, value] of wanted.entries()) {
    await expect(grid.locator(`[data-cell="${row}-0"]`)).toBeFocused()
    await page.keyboard.press(value[0]!)
    const editor = grid.locator(`[data-cell="${row}-0"] input`)
    await expect(editor).toBeFocused()
    if (value.length > 1) await page.keyboard.type(value.slice(1))
    await page.keyboard.press('Enter')
  }
  // Esc drops an edit: the last row keeps what was typed before.
  await grid.locator(`[data-cell="${2 * PRODUCTS - 1}-0"]`).click()
  await page.keyboard.press('9')
  await expect(grid.locator(`[data-cell="${2 * PRODUCTS - 1}-0"] input`)).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(grid.locator(`[data-cell="${2 * PRODUCTS - 1}-0"]`)).toHaveText(wanted.at(-1)!)
  // Arrows and Tab move without editing: right to the threshold, then back.
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Tab')
  await expect(grid.locator(`[data-cell="${2 * PRODUCTS - 2}-1"]`)).toBeFocused()

  await expect(page.getByText('Изменено строк: 20.')).toBeVisible()
  await expect(grid.locator('td.bg-amber-100')).toHaveCount(20)
  await page.getByRole('button', { name: 'Сохранить' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено строк: 20.' })).toBeVisible()
  await expect(grid.locator('td.bg-amber-100')).toHaveCount(0)
  await expect(grid.locator('[data-cell="0-0"]')).toHaveText('0')

  // The storefront: the first product is out of stock, the second still for sale (similar products' cards have their own buttons).
  await page.goto(made[0]!.url)
  await expect(page.getByText('Нет в наличии').first()).toBeVisible()
  await page.goto(made[1]!.url)
  await expect(page.getByRole('button', { name: 'Купить' }).first()).toBeVisible()
})
