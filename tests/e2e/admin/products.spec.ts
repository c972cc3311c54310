import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 178): a content editor creates a product in the back office, adds two offers,
 * publishes it, and the storefront's product page shows it with both package sizes, their prices and
 * the description as rich text.
 */
test('a content editor creates a product with two offers, publishes it, and the shop shows it', async ({ page }) => {
  const suffix = randomUUID().slice(0, 8)
  const name = `Омега-3 Тест ${suffix}`
  const code = `omega-test-${suffix}`
  await signIn(page, await newStaff(page.request, 'content'), '/admin/products/')

  await page.getByRole('link', { name: 'Новый товар' }).click()
  await expect(page.getByRole('heading', { name: 'Новый товар' })).toBeVisible()
  const product = page.getByRole('form', { name: 'Товар' })
  await product.getByLabel('Название', { exact: true }).fill(name)
  await product.getByLabel('Код для адреса').fill(code)
  await product.getByLabel('Подзаголовок', { exact: true }).fill('Рыбий жир высокой очистки')
  await product.getByRole('group', { name: 'Разделы' }).getByRole('checkbox').first().check()
  await product.locator('select[name="brandId"]').selectOption({ index: 1 })
  await product.locator('textarea[name="description"]').fill('<p>Для <strong>сердца</strong> и сосудов.</p><script>alert(1)</script>')
  await product.getByRole('button', { name: 'Создать товар' }).click()
  await page.waitForURL(/\/admin\/products\/\d+\/$/)
  await expect(page.getByRole('heading', { name })).toBeVisible()

  for (const offer of [
    { size: '60', sku: `OM-${suffix}-60`, price: '990' },
    { size: '120', sku: `OM-${suffix}-120`, price: '1 790' },
  ]) {
    await page.getByRole('button', { name: 'Добавить предложение' }).click()
    const form = page.getByRole('form', { name: 'Новое предложение' })
    await form.getByLabel('Количество в упаковке', { exact: true }).fill(offer.size)
    await form.getByLabel('Артикул', { exact: true }).fill(offer.sku)
    await form.getByLabel('Цена, ₽', { exact: true }).fill(offer.price)
    await form.getByLabel('Остаток, шт.').fill('25')
    await form.getByRole('button', { name: 'Добавить предложение' }).click()
    await expect(page.locator(`[data-offer="${offer.sku}"]`)).toBeVisible()
  }

  await product.getByLabel('Опубликован').check()
  await product.getByRole('button', { name: 'Сохранить' }).click()
  await expect(product.getByRole('status')).toHaveText('Сохранено.')
  const shopLink = page.getByRole('link', { name: 'Открыть в магазине' })
  await expect(shopLink).toBeVisible()
  const url = await shopLink.getAttribute('href')
  expect(url).toMatch(new RegExp(`^/catalog/[\\w-]+/${code}/$`))

  // The buyer's side: the published product, its two package sizes and their prices, the text cleaned.
  await page.goto(url!)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const sizes = page.getByRole('group', { name: 'Размер упаковки' }).first()
  await expect(sizes.getByRole('button')).toHaveText(['60 капсул', '120 капсул'])
  await expect(page.getByText(/990\s₽/).first()).toBeVisible()
  await sizes.getByRole('button', { name: '120 капсул' }).click()
  await expect(page.getByText(/1\s790\s₽/).first()).toBeVisible()
  // Rendered as rich text, not as escaped tags.
  await expect(page.locator('p', { hasText: 'Для сердца и сосудов.' }).locator('strong')).toHaveText('сердца')
})
