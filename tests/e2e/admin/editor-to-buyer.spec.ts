import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import sharp from 'sharp'
import { choosePay, choosePickupPoint, fillContacts, openCheckout, placeOrder } from '../checkout-kit'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20's «done when» journey, in one browser: a new content editor creates a product in the back
 * office with two offers and three pictures (real PNG bytes made here), publishes it; then a buyer
 * finds it in the search and through the catalogue filter, picks the second package size, buys it,
 * sees the uploaded picture in the cart and places the order. The third picture is the second
 * offer's own (ADR 205): the gallery turns to it and the cart line shows it.
 */
type PictureList = { pictures: { id: number; main: boolean; offerId: number | null; urls: { thumb: string; card: string; gallery: string } }[] }

const png = (colour: string) => sharp({ create: { width: 800, height: 800, channels: 3, background: colour } }).png().toBuffer()

test('a content editor creates, pictures and publishes a product; a buyer finds it, buys it and sees its picture in the cart', async ({ page }) => {
  test.setTimeout(180_000)
  const suffix = randomUUID().slice(0, 8)
  // A word no seed product has, so the search and the filter can only find this one.
  const word = `Кварцетин${suffix.replace(/\d/g, '')}`
  const name = `${word} Тест ${suffix}`
  const code = `journey-${suffix}`

  // ── The content editor ───────────────────────────────────────────────────────────────────────
  await signIn(page, await newStaff(page.request, 'content'), '/admin/products/')
  await page.getByRole('link', { name: 'Новый товар' }).click()
  const product = page.getByRole('form', { name: 'Товар' })
  await product.getByLabel('Название', { exact: true }).fill(name)
  await product.getByLabel('Код для адреса').fill(code)
  await product.getByLabel('Подзаголовок', { exact: true }).fill('Антиоксидант растительного происхождения')
  await product.getByRole('group', { name: 'Разделы' }).getByRole('checkbox').first().check()
  const brand = product.locator('select[name="brandId"]')
  await brand.selectOption({ index: 2 })
  const brandId = Number(await brand.inputValue())
  await product.locator('select[name="form"]').selectOption('powder')
  await product.locator('textarea[name="description"]').fill('<p>Порошок для ежедневного приёма.</p>')
  await product.getByRole('button', { name: 'Создать товар' }).click()
  await page.waitForURL(/\/admin\/products\/\d+\/$/)
  const productId = Number(/\/admin\/products\/(\d+)\/$/.exec(page.url())![1])
  await expect(page.getByRole('heading', { name })).toBeVisible()

  const offers = [
    { size: '100', sku: `QV-${suffix}-100`, price: '1 250' },
    { size: '250', sku: `QV-${suffix}-250`, price: '2 490' },
  ]
  for (const offer of offers) {
    await page.getByRole('button', { name: 'Добавить предложение' }).click()
    const form = page.getByRole('form', { name: 'Новое предложение' })
    await form.getByLabel('Количество в упаковке', { exact: true }).fill(offer.size)
    await form.locator('input[name="packageUnit"]').fill('г')
    await form.getByLabel('Артикул', { exact: true }).fill(offer.sku)
    await form.getByLabel('Цена, ₽', { exact: true }).fill(offer.price)
    await form.getByLabel('Остаток, шт.').fill('30')
    await form.getByRole('button', { name: 'Добавить предложение' }).click()
    await expect(page.locator(`[data-offer="${offer.sku}"]`)).toBeVisible()
  }

  const pictures = page.locator('[data-pictures-editor]')
  await pictures.locator('[data-pictures-input]').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await png('#1d7874') },
    { name: 'side.png', mimeType: 'image/png', buffer: await png('#f4a259') },
    { name: 'back.png', mimeType: 'image/png', buffer: await png('#bc4b51') },
  ])
  await expect(pictures.getByRole('list', { name: 'Картинки товара по порядку' }).getByRole('listitem')).toHaveCount(3)
  await expect(pictures.getByRole('status')).toHaveText('Загружено картинок: 3.')
  // The third picture is the larger package's own (ADR 205): that offer shows it, the other the main one.
  const third = pictures.getByRole('list', { name: 'Картинки товара по порядку' }).getByRole('listitem').nth(2)
  await third.getByLabel('Предложение').selectOption({ label: `250 г · ${offers[1]!.sku}` })
  await expect(pictures.getByRole('status')).toHaveText(`Картинка 3 — у предложения «250 г · ${offers[1]!.sku}».`)

  await product.getByLabel('Опубликован').check()
  await product.getByRole('button', { name: 'Сохранить' }).click()
  await expect(product.getByRole('status')).toHaveText('Сохранено.')
  const url = await page.getByRole('link', { name: 'Открыть в магазине' }).getAttribute('href')
  expect(url).toMatch(new RegExp(`^/catalog/[\\w-]+/${code}/$`))
  const section = url!.split('/')[2]!

  const { pictures: stored } = (await (await page.request.get(`/api/admin/products/${productId}/pictures/`)).json()) as PictureList
  expect(stored).toHaveLength(3)
  const main = stored.find((p) => p.main)!
  const own = stored[2]!
  expect(own.offerId).not.toBeNull()
  const brandCode = ((await (await page.request.get(`/api/admin/brands/${brandId}/`)).json()) as { code: string }).code
  // The editor leaves; the rest is a buyer's visit with no staff session.
  await page.context().clearCookies()

  // ── The buyer: the search… ────────────────────────────────────────────────────────────────────
  await page.goto('/')
  await page.locator('header [data-slot="header-search"]').getByRole('button', { name: 'Поиск' }).click()
  const input = page.getByRole('combobox', { name: 'Поиск по каталогу' })
  await input.fill(word.toLowerCase())
  await page.locator('[data-search-all]').click()
  await expect(page).toHaveURL(/\/search\/\?q=/)
  const found = page.locator('[data-search-results] article').filter({ hasText: name })
  await expect(found).toHaveCount(1)
  await expect(found.locator('img[data-card-picture]')).toHaveAttribute('src', main.urls.card)
  // The three stored sizes, for the browser to choose from.
  await expect(found.locator('img[data-card-picture]')).toHaveAttribute('srcset', `${main.urls.thumb} 192w, ${main.urls.card} 480w, ${main.urls.gallery} 800w`)

  // …the catalogue filter: the product's section, its brand and its form…
  await page.goto(`/catalog/${section}/?sort=new`)
  const card = page.locator(`[data-product-list] article`).filter({ has: page.locator(`a[href="${url}"]`) })
  await page.locator('[data-filter-group="brand"]').click()
  await page.locator(`[data-filter-option="brand:${brandCode}"]`).check()
  await page.waitForURL(new RegExp(`brand=${brandCode}`))
  await page.locator('[data-filter-group="form"]').click()
  await page.locator('[data-filter-option="form:powder"]').check()
  await page.waitForURL(/form=powder/)
  await expect(card).toHaveCount(1)
  await expect(card.locator('img[data-card-picture]')).toHaveAttribute('src', main.urls.card)
  // A form the product is not in leaves it out: the filter really decides.
  await page.goto(`/catalog/${section}/?sort=new&brand=${brandCode}&form=tablets`)
  await expect(page.locator(`[data-product-list] a[href="${url}"]`)).toHaveCount(0)
  await page.goto(`/catalog/${section}/?sort=new&brand=${brandCode}&form=powder`)

  // …the product page: the second package size, bought.
  await card.locator(`a[href="${url}"]`).first().click()
  await expect(page).toHaveURL(new RegExp(`${url}$`))
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.locator('[data-gallery-main] img').first()).toHaveAttribute('src', main.urls.gallery)
  const sizes = page.getByRole('group', { name: 'Размер упаковки' }).first()
  await expect(sizes.getByRole('button')).toHaveText(['100 г', '250 г'])
  await sizes.getByRole('button', { name: '250 г' }).click()
  await expect(page.getByText(/2\s490\s₽/).first()).toBeVisible()
  // The gallery turns to the offer's own picture.
  await expect(page.locator('[data-gallery-main] button[aria-hidden="false"] img')).toHaveAttribute('src', own.urls.gallery)
  const buy = page.locator('[data-product-buy]')
  await buy.getByRole('button', { name: 'Купить' }).click()
  await buy.getByRole('link', { name: 'В корзине' }).click()

  // The cart shows the uploaded picture of the offer bought, not the pack shot.
  await expect(page).toHaveURL(/\/personal\/cart\/$/)
  const line = page.locator('#main [data-cart-line]')
  await expect(line).toHaveCount(1)
  await expect(line).toContainText(name)
  await expect(line).toContainText(/2\s490\s₽/)
  const thumb = line.locator('img').first()
  await expect(thumb).toHaveAttribute('src', own.urls.thumb)
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)

  // The order goes through.
  await openCheckout(page)
  await fillContacts(page)
  await choosePickupPoint(page)
  await choosePay(page, /Наличными или картой при получении/)
  await placeOrder(page)
  await expect(page).toHaveURL(/\/personal\/order\/\?ORDER_ID=\d+/)
  await expect(page.getByTestId('order-confirmation')).toContainText('Заказ №')
})
