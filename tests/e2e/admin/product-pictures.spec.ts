import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext } from '../test'
import sharp from 'sharp'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 184): a content editor uploads three pictures to a product in the back office and
 * makes the third the main one; the storefront's product page opens on it with the editor's alt,
 * and the catalogue card shows it instead of the pack shot.
 */
type PictureList = { pictures: { id: number; main: boolean; alt: string; urls: { thumb: string; card: string; gallery: string } }[] }

const png = (colour: string) => sharp({ create: { width: 900, height: 900, channels: 3, background: colour } }).png().toBuffer()

async function publishedProduct(request: APIRequestContext, origin: string, suffix: string): Promise<{ id: number; url: string; section: string }> {
  const headers = { origin }
  const list = (await (await request.get('/api/admin/products/?state=published')).json()) as { items: { id: number }[] }
  const model = (await (await request.get(`/api/admin/products/${list.items.at(-1)!.id}/`)).json()) as { sectionIds: number[]; brandId: number }
  const created = await request.post('/api/admin/products/', {
    headers,
    data: { name: `Цинк Тест ${suffix}`, code: `zinc-pictures-${suffix}`, sectionIds: model.sectionIds, brandId: model.brandId, form: 'tablets', badges: [] },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const { id } = (await created.json()) as { id: number }
  const offer = await request.post(`/api/admin/products/${id}/offers/`, { headers, data: { packageSize: 60, packageUnit: 'таблеток', sku: `ZN-${suffix}`, price: 39_000, stock: 20 } })
  expect(offer.ok(), await offer.text()).toBe(true)
  const published = await request.patch(`/api/admin/products/${id}/`, { headers, data: { published: true } })
  expect(published.ok(), await published.text()).toBe(true)
  const url = ((await published.json()) as { url: string }).url
  return { id, url, section: url.split('/')[2]! }
}

test('a content editor uploads three pictures, makes the third the main one, and the shop shows it', async ({ page, baseURL }) => {
  const suffix = randomUUID().slice(0, 8)
  await signIn(page, await newStaff(page.request, 'content'), '/admin/products/')
  const product = await publishedProduct(page.request, new URL(baseURL!).origin, suffix)

  await page.goto(`/admin/products/${product.id}/`)
  const editor = page.locator('[data-pictures-editor]')
  await expect(editor.getByRole('heading', { name: 'Картинки' })).toBeVisible()
  await editor.locator('[data-pictures-input]').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await png('#2a9d8f') },
    { name: 'side.png', mimeType: 'image/png', buffer: await png('#e9c46a') },
    { name: 'back.png', mimeType: 'image/png', buffer: await png('#e76f51') },
  ])
  const items = editor.getByRole('list', { name: 'Картинки товара по порядку' }).getByRole('listitem')
  await expect(items).toHaveCount(3)
  await expect(editor.getByRole('status')).toHaveText('Загружено картинок: 3.')
  await expect(items.first().getByText('Главная')).toBeVisible()

  // A renamed program is refused with the reason, and the list stays as it was.
  await editor.locator('[data-pictures-input]').setInputFiles([{ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00program') }])
  await expect(editor.getByRole('alert')).toHaveText('photo.jpg: Это не картинка JPEG, PNG или WebP: файл не загружен.')
  await expect(items).toHaveCount(3)

  const third = items.nth(2)
  await third.getByLabel('Описание (alt)').fill('Банка цинка, вид сзади')
  // Each change waits for its answer: on a loaded machine one can take longer than an expect's wait.
  const answered = (method: string) => page.waitForResponse((r) => r.url().includes(`/api/admin/products/${product.id}/pictures/`) && r.request().method() === method)
  await Promise.all([answered('PATCH'), third.getByRole('button', { name: 'Сохранить' }).click()])
  await expect(editor.getByRole('status')).toHaveText('Описание сохранено.')
  await Promise.all([answered('PATCH'), third.getByRole('button', { name: 'Сделать главной' }).click()])
  await expect(editor.getByRole('status')).toHaveText('Картинка 3 стала главной.')
  await expect(items.first().getByText('Главная')).toBeVisible()
  await expect(items.first().getByLabel('Описание (alt)')).toHaveValue('Банка цинка, вид сзади')
  // The keyboard's way: the arrow buttons move the second picture down.
  await Promise.all([answered('POST'), items.nth(1).getByRole('button', { name: 'Картинку 2 ниже' }).press('Enter')])
  await expect(editor.getByRole('status')).toHaveText('Картинка 2 перемещена ниже.')

  const { pictures } = (await (await page.request.get(`/api/admin/products/${product.id}/pictures/`)).json()) as PictureList
  const main = pictures[0]!
  expect(main.alt).toBe('Банка цинка, вид сзади')

  // The buyer's side: the product page opens on the main picture with its alt…
  await page.goto(product.url)
  const slide = page.locator('[data-gallery-main] img').first()
  await expect(slide).toHaveAttribute('src', main.urls.gallery)
  await expect(slide).toHaveAttribute('alt', 'Банка цинка, вид сзади')
  // The slide offers every stored size (ADR 205); the browser takes the gallery file for a 530 px box.
  await expect(slide).toHaveAttribute('srcset', `${main.urls.thumb} 192w, ${main.urls.card} 480w, ${main.urls.gallery} 900w`)
  await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && new URL(img.currentSrc).pathname)).toBe(main.urls.gallery)

  // …and the catalogue card (newest first, so it is on the first page) shows it instead of the pack shot.
  await page.goto(`/catalog/${product.section}/?sort=new`)
  const card = page.locator(`a[href="${product.url}"] img[data-card-picture]`)
  await expect(card).toHaveAttribute('src', main.urls.card)
  await card.scrollIntoViewIfNeeded()
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
})
