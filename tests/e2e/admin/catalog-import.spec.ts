import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 186): a content editor uploads a CSV on «Импорт и экспорт», sees the dry run (one
 * product and two offers to create, a refused line with its number and reason), fixes the file,
 * imports it, and the storefront shows the new product.
 */
test('a content editor checks a CSV, fixes it, imports it, and the shop shows the product', async ({ page }) => {
  const suffix = randomUUID().slice(0, 8)
  await signIn(page, await newStaff(page.request, 'content'), '/admin/')
  await page.getByRole('link', { name: 'Импорт и экспорт' }).click()
  await expect(page.getByRole('heading', { name: 'Импорт и экспорт' })).toBeVisible()

  // A section and a brand code as the export names them.
  const exported = await page.request.get('/api/admin/catalog/export/csv/')
  expect(exported.ok()).toBe(true)
  const [header, first] = (await exported.text()).replace(/^\uFEFF/, '').split('\r\n')
  const columns = header!.split(';')
  const cells = first!.split(';')
  const section = cells[columns.indexOf('Разделы')]!.split(',')[0]!.trim()
  const brand = cells[columns.indexOf('Бренд')]!

  const code = `import-${suffix}`
  const line = (sku: string, size: number, price: string) => [code, `Магний Импорт ${suffix}`, section, brand, 'таблетки', 'да', sku, size, 'таблеток', price, 15].join(',')
  const csv = (price: string) =>
    ['Код товара,Название,Разделы,Бренд,Форма выпуска,Опубликован,Артикул,Количество в упаковке,Единица,"Цена, ₽",Остаток', line(`IMP-${suffix}-60`, 60, '590'), line(`IMP-${suffix}-120`, 120, price), ''].join('\n')
  const input = page.getByLabel('Файл CSV или XLSX')

  await input.setInputFiles({ name: 'catalog.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('дорого')) })
  await page.getByRole('button', { name: 'Проверить' }).click()
  const report = page.getByTestId('import-report')
  await expect(report.getByText('Отклонено: 1')).toBeVisible()
  await expect(report.getByRole('row', { name: /^3 .*отклонено.*Цена — сумма от 0 до 10 000 000 ₽/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Импортировать' })).toBeDisabled()

  await input.setInputFiles({ name: 'catalog.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv('990,50')}`) })
  await page.getByRole('button', { name: 'Проверить' }).click()
  await expect(report.getByText('Новых товаров: 1, предложений: 2')).toBeVisible()
  await expect(report.getByRole('row', { name: /^2 .*будет создано.*новый товар/ })).toBeVisible()
  await page.getByRole('button', { name: 'Импортировать' }).click()
  await expect(report.getByRole('heading', { name: 'Импорт выполнен' })).toBeVisible()

  await page.goto(`/catalog/${section}/${code}/`)
  await expect(page.getByRole('heading', { level: 1, name: `Магний Импорт ${suffix}` })).toBeVisible()
  const sizes = page.getByRole('group', { name: 'Размер упаковки' }).first()
  await sizes.getByRole('button', { name: '120 таблеток' }).click()
  // The shop shows whole rubles; the kopecks are checked in catalog-import.int.test.ts.
  await expect(page.getByText(/^990\s₽$/).first()).toBeVisible()
})
