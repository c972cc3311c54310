import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import sharp from 'sharp'
import { newStaff, signIn } from './admin-kit'

const png = (colour: string) =>
  sharp({ create: { width: 1000, height: 1000, channels: 3, background: colour } })
    .png()
    .toBuffer()

/**
 * Issue 20 (ADR 207): a content editor adds a slide to the home page's big slider with a picture
 * uploaded to the media library, moves it first by the keyboard's ↑, and the buyer's home page shows
 * it with the picture's sizes; hidden, it is gone from the home page.
 */
test('a content editor adds a slide with a picture, the home page shows it; hidden, it disappears', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const title = `Слайд ${randomUUID().slice(0, 6)}`
  await signIn(page, await newStaff(page.request, 'content'), '/admin/banners/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Баннеры')

  const form = page.getByRole('form', { name: 'Новый слайд' })
  await form.getByLabel('Код товара').fill('p1-vitamin-d3-2000-me-evalar')
  await form.getByLabel('Заголовок', { exact: true }).fill(title)
  await form.getByLabel('Надзаголовок').fill('Новинка недели')
  await form
    .getByLabel('Загрузить картинку')
    .setInputFiles({ name: 'slide.png', mimeType: 'image/png', buffer: await png('#2a9d8f') })
  await expect(form.locator('img[data-chosen-picture]')).toHaveAttribute(
    'src',
    /^\/upload\/media\/[0-9a-f]{32}\.webp$/,
  )
  await expect(form.locator('img[data-chosen-picture]')).not.toHaveAttribute('data-chosen-picture', 'product')
  await form.getByRole('button', { name: 'Добавить слайд' }).click()

  const slides = page.getByRole('list', { name: 'Слайды по порядку' })
  const added = slides.getByRole('listitem').filter({ hasText: title })
  await expect(added).toContainText('Показан')
  await expect(slides.getByRole('listitem').last()).toContainText(title)
  // First in the slider, so the buyer sees it at the top of the home page.
  const count = await slides.getByRole('listitem').count()
  for (let position = count - 1; position > 0; position--) {
    const up = added.getByRole('button', { name: `Выше: ${title}` })
    await expect(up).toBeEnabled()
    await up.focus()
    await page.keyboard.press('Enter')
    await expect(slides.getByRole('listitem').nth(position - 1)).toContainText(title)
  }

  await page.goto('/')
  const card = page.locator('[data-card="featured"]').filter({ hasText: title }).first()
  await expect(card).toBeVisible()
  await expect(card).toContainText('Новинка недели')
  const picture = card.locator('img')
  await expect(picture).toHaveAttribute('src', /^\/upload\/media\/[0-9a-f]{32}\.webp$/)
  await expect(picture).toHaveAttribute('srcset', /192w, .+ 480w, .+ 1000w$/)
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)

  await page.goto('/admin/banners/')
  await page.getByRole('button', { name: `Скрыть: ${title}` }).click()
  await expect(page.getByRole('button', { name: `Показать: ${title}` })).toBeVisible()
  await page.goto('/')
  await expect(page.locator('[data-card="featured"]').first()).toBeVisible()
  await expect(page.locator('[data-card="featured"]').filter({ hasText: title })).toHaveCount(0)
})
