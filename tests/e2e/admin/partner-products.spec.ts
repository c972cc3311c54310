import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import { EDIT_MESSAGES } from '../../../src/domains/edits/edits'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 209): a content editor finds a product by name in a partner's «Товары партнёра»,
 * adds it and gives the product's page at the partner; the product's «Где купить» lists the partner
 * with that link. Removed again, the product (sold by no one else) says it is in no partner pharmacy.
 */
test('a content editor picks a partner’s product by name, and the product’s «Где купить» follows', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const suffix = randomUUID().slice(0, 8)
  const headers = { origin: new URL(baseURL!).origin }
  const staff = await newStaff(page.request, 'content')
  await signIn(page, staff, '/admin/partners/')

  const list = (await (await page.request.get('/api/admin/products/?state=published')).json()) as {
    items: { id: number }[]
  }
  const model = (await (await page.request.get(`/api/admin/products/${list.items.at(-1)!.id}/`)).json()) as {
    sectionIds: number[]
    brandId: number
  }
  const name = `Магний Партнёр ${suffix}`
  const created = await page.request.post('/api/admin/products/', {
    headers,
    data: {
      name,
      code: `magnesium-partner-${suffix}`,
      sectionIds: model.sectionIds,
      brandId: model.brandId,
      form: 'tablets',
      badges: [],
    },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const { id } = (await created.json()) as { id: number }
  expect(
    (
      await page.request.post(`/api/admin/products/${id}/offers/`, {
        headers,
        data: { packageSize: 60, packageUnit: 'таблеток', sku: `MG-${suffix}`, price: 45_000, stock: 5 },
      })
    ).ok(),
  ).toBe(true)
  const published = await page.request.patch(`/api/admin/products/${id}/`, {
    headers,
    data: { published: true },
  })
  expect(published.ok(), await published.text()).toBe(true)
  const url = ((await published.json()) as { url: string }).url
  const partner = await page.request.post('/api/admin/partners/', {
    headers,
    data: {
      code: `apteka-${suffix}`,
      title: `Аптека ${suffix}`,
      link: 'https://apteka.example.ru/',
      image: '/images/turbo/expert-1.svg',
    },
  })
  expect(partner.ok(), await partner.text()).toBe(true)
  const partnerId = ((await partner.json()) as { id: number }).id

  await page.goto(`/admin/partners/${partnerId}/`)
  const block = page.getByRole('region', { name: 'Товары партнёра' })
  await expect(block).toContainText('Партнёр пока не продаёт товаров магазина.')
  await block.getByLabel('Найти товар, чтобы добавить').fill(`Партнёр ${suffix}`)
  await block.getByRole('button', { name: `Добавить: ${name}` }).click()
  await expect(block.getByRole('status')).toHaveText(`«${name}» добавлен партнёру.`)
  const row = block.getByRole('list', { name: 'Товары, которые продаёт партнёр' }).getByRole('listitem')
  await expect(row).toHaveCount(1)
  // The partner's shop until a page is given.
  const link = row.getByRole('textbox')
  await expect(link).toHaveValue('https://apteka.example.ru/')
  await link.fill('javascript:alert(1)')
  await row.getByRole('button', { name: 'Сохранить' }).click()
  await expect(row.getByRole('alert')).toHaveText(EDIT_MESSAGES.link)
  await link.fill(`https://apteka.example.ru/item/${suffix}/`)
  await row.getByRole('button', { name: 'Сохранить' }).click()
  await expect(block.getByRole('status')).toHaveText(`Ссылка на «${name}» сохранена.`)

  await page.goto(`${url}#where-to-buy`)
  const logo = page
    .locator('[data-where-to-buy] [data-card="partner"]')
    .filter({ has: page.locator(`[data-partner-map-open="apteka-${suffix}"]`) })
  await expect(logo.getByRole('link')).toHaveAttribute('href', `https://apteka.example.ru/item/${suffix}/`)

  await page.goto(`/admin/partners/${partnerId}/`)
  await block.getByRole('button', { name: `Убрать: ${name}` }).click()
  await expect(block).toContainText('Партнёр пока не продаёт товаров магазина.')
  await page.goto(`${url}#where-to-buy`)
  await expect(page.locator('[data-where-to-buy]')).toContainText('Сейчас товара нет в аптеках-партнёрах.')
})
