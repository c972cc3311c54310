import { expect, test } from '../test'
import sharp from 'sharp'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 207 addendum): a content editor gives a brand a logo from the media library, and the
 * buyer's /brands/ shows it with its sizes; a used picture offers no «Удалить»; once the brand lets it
 * go, the editor deletes it from the library.
 */
test('a brand takes a library logo shown with its srcset; the picture is deleted only once unused', async ({ page }) => {
  test.setTimeout(120_000)
  const buffer = await sharp({ create: { width: 700, height: 300, channels: 3, background: '#8a3ffc' } }).png().toBuffer()
  await signIn(page, await newStaff(page.request, 'content'), '/admin/brands/1/')
  const form = page.getByRole('form', { name: 'Бренд' })
  const code = await form.getByLabel('Код').inputValue()

  await form.getByLabel('Загрузить картинку').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer })
  const chosen = form.locator('img[data-chosen-picture]')
  await expect(chosen).toHaveAttribute('src', /^\/upload\/media\/[0-9a-f]{32}\.webp$/)
  // Other tests upload pictures at the same time: the library's newest item need not be this one.
  const pictureId = await chosen.getAttribute('data-chosen-picture')
  const saved = page.waitForResponse((r) => r.url().includes('/api/admin/brands/') && r.request().method() === 'PATCH')
  await form.getByRole('button', { name: 'Сохранить' }).click()
  expect((await saved).status()).toBe(200)

  await page.goto('/brands/')
  const logo = page.locator(`a[href="/brands/${code}/"] img[data-brand-logo]`)
  await expect(logo).toHaveAttribute('srcset', /192w, .* 480w, .* 700w$/)
  await expect(logo).toHaveAttribute('sizes', /240px/)

  await page.goto('/admin/brands/1/')
  await form.getByRole('button', { name: 'Выбрать из медиатеки' }).click()
  const library = form.getByRole('list', { name: 'Медиатека' })
  const item = library.locator(`li[data-picture-id="${pictureId}"]`)
  await expect(item).toContainText('используется')
  await expect(item.getByRole('button', { name: /^Удалить/ })).toHaveCount(0)

  await form.getByRole('button', { name: 'Убрать картинку' }).click()
  const released = page.waitForResponse((r) => r.url().includes('/api/admin/brands/') && r.request().method() === 'PATCH')
  await form.getByRole('button', { name: 'Сохранить' }).click()
  expect((await released).status()).toBe(200)

  await page.reload()
  await form.getByRole('button', { name: 'Выбрать из медиатеки' }).click()
  await expect(item).toContainText('Удалить')
  page.once('dialog', (dialog) => void dialog.accept())
  const deleted = page.waitForResponse((r) => r.url().includes('/api/admin/media/') && r.request().method() === 'DELETE')
  await item.getByRole('button', { name: /^Удалить/ }).click()
  expect((await deleted).status()).toBe(200)
  await expect(item).toHaveCount(0)
  await page.goto('/brands/')
  await expect(page.locator(`a[href="/brands/${code}/"] img[data-brand-logo]`)).toHaveCount(0)
})
