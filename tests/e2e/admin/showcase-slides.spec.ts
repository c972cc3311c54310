import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 204): a content editor opens a sets-from-experts tab's slides, is refused a link that
 * is neither a site path nor https, renames the first slide and moves it down by the keyboard's ↓;
 * the buyer's home page shows the new title in the block.
 */
test('a content editor edits an expert-set slide and the home page shows it', async ({ page }) => {
  test.setTimeout(90_000)
  const title = `Набор ${randomUUID().slice(0, 6)}`
  await signIn(page, await newStaff(page.request, 'content'), '/admin/showcases/')
  await page.getByRole('link', { name: /^Слайды: / }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Наборы от экспертов')

  const slides = page.getByRole('list', { name: 'Слайды по порядку' })
  const first = slides.getByRole('listitem').first()
  await first.getByRole('button', { name: 'Изменить' }).click()
  const form = first.getByRole('form')
  await form.getByLabel('Ссылка').fill('javascript:alert(1)')
  await form.getByRole('button', { name: 'Сохранить' }).click()
  await expect(form).toContainText('Ссылка — адрес на сайте, начинающийся с «/», или полный адрес https://…')

  await form.getByLabel('Заголовок').fill(title)
  await form.getByLabel('Ссылка').fill('/catalog/')
  await form.getByRole('button', { name: 'Сохранить' }).click()
  const edited = slides.getByRole('listitem').filter({ hasText: title })
  await expect(edited).toContainText('/catalog/')
  await expect(edited.getByRole('form')).toHaveCount(0)

  const down = edited.getByRole('button', { name: `Ниже: ${title}` })
  await down.focus()
  await page.keyboard.press('Enter')
  await expect(slides.getByRole('listitem').nth(1)).toContainText(title)

  // The buyer's home page: the block loads when near the screen and shows the new title, linked.
  await page.goto('/')
  const card = page.locator('[data-card="expert-set"]').filter({ hasText: title })
  await expect(async () => {
    await page.mouse.wheel(0, 1200)
    await expect(card).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', '/catalog/')
})
