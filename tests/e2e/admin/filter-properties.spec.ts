import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 204): a content editor makes a filter property with three values in the back office,
 * renames one and moves one up, gives a product one of the values in the product editor, and the
 * catalogue page of the product's section offers the property and filters by it.
 */
test('a content editor makes a filter property, sets it on a product, and the catalogue filters by it', async ({ page }) => {
  test.setTimeout(120_000)
  const suffix = randomUUID().slice(0, 6)
  const name = `Вкус ${suffix}`
  const code = `taste${suffix}`
  await signIn(page, await newStaff(page.request, 'content'), '/admin/filter-properties/')

  const create = page.getByRole('form', { name: 'Новое свойство' })
  await create.locator('input[name="name"]').fill(name)
  await create.getByLabel('Код для адреса').fill(code)
  await create.getByRole('button', { name: 'Создать свойство' }).click()
  await page.waitForURL(/\/admin\/filter-properties\/\d+\/$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

  const values = page.locator('[data-filter-options]')
  const adder = values.getByRole('form', { name: 'Новое значение' })
  for (const [value, valueCode] of [
    ['Лимон', 'lemon'],
    ['Апельсин', 'orange'],
    ['Мята', 'mint'],
  ] as const) {
    await adder.getByLabel('Новое значение').fill(value)
    await adder.getByLabel('Код значения').fill(valueCode)
    await adder.getByRole('button', { name: 'Добавить значение' }).click()
    await expect(values.getByRole('status')).toHaveText(`Значение «${value}» добавлено.`)
  }
  const rows = values.getByRole('list', { name: 'Значения свойства по порядку' }).getByRole('listitem')
  await expect(rows).toHaveCount(3)

  // Rename «Апельсин», then move «Мята» up by the keyboard's button.
  const orange = values.locator('li[data-filter-option="orange"]')
  await orange.getByLabel('Название значения').fill('Апельсин и манго')
  await orange.getByRole('button', { name: 'Сохранить' }).click()
  await expect(values.getByRole('status')).toHaveText('Значение «Апельсин и манго» сохранено.')
  await values.getByRole('button', { name: 'Выше: Мята' }).press('Enter')
  await expect(values.getByRole('status')).toHaveText('«Мята» — теперь 2-е из 3.')
  await expect.poll(() => rows.locator('input[name="name"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(['Лимон', 'Мята', 'Апельсин и манго'])

  // A published product of the seed gets «Мята».
  const list = (await (await page.request.get('/api/admin/products/?state=published')).json()) as { items: { id: number }[] }
  const productId = list.items[0]!.id
  await page.goto(`/admin/products/${productId}/`)
  const shopUrl = await page.getByRole('link', { name: 'Открыть в магазине' }).getAttribute('href')
  const valuesForm = page.getByRole('form', { name: 'Свойства для фильтра' })
  await valuesForm.getByRole('group', { name }).getByRole('checkbox', { name: 'Мята' }).check()
  await valuesForm.getByRole('button', { name: 'Сохранить свойства' }).click()
  await expect(valuesForm.getByRole('status')).toHaveText('Сохранено.')

  // The buyer's side: the section's page offers the property with the one value a product has…
  const section = shopUrl!.split('/')[2]!
  await page.goto(`/catalog/${section}/`)
  await page.locator(`[data-filter-group="p_${code}"]`).click()
  const options = page.locator(`input[name="p_${code}"]`)
  await expect(options).toHaveCount(1)
  await page.locator(`[data-filter-option="p_${code}:mint"]`).check()
  // …and filters by it: one product, this one.
  await page.waitForURL(new RegExp(`p_${code}=mint`))
  await expect(page.locator('[data-found-count]')).toHaveText('Найдено 1 товар')
  await expect(page.locator(`[data-product-list] a[href="${shopUrl}"]`).first()).toBeVisible()
})
