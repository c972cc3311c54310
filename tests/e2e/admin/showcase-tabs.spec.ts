import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 204): a content editor adds a popular-products tab filled by the «Новинка» rule, the
 * home page shows it with its products, and after the editor deletes it the home page no longer does.
 */
test('a content editor adds a rule tab to the home page and deletes it', async ({ page }) => {
  test.setTimeout(90_000)
  const suffix = randomUUID().slice(0, 6)
  const title = `Новинки ${suffix}`
  const anchor = `new-${suffix}`
  await signIn(page, await newStaff(page.request, 'content'), '/admin/showcases/')

  const form = page.getByRole('form', { name: 'Новая вкладка: Популярные товары' })
  await form.getByLabel('Новая вкладка').fill(title)
  await form.getByLabel('Якорь').fill(anchor)
  await form.getByLabel('Товары').selectOption({ label: 'Товары с бейджем «Новинка»' })
  await form.getByRole('button', { name: 'Добавить вкладку' }).click()
  const block = page.getByRole('list', { name: 'Вкладки: Популярные товары' })
  const item = block.getByRole('listitem').filter({ hasText: title })
  await expect(item).toContainText(`#${anchor}`)
  await expect(item).toContainText('Товары с бейджем «Новинка»')

  // The buyer's home page: the new tab is there, last, and shows the new products when chosen.
  await page.goto('/')
  const tab = page.locator(`[role="tab"][data-anchor="${anchor}"]`)
  await expect(tab).toHaveText(title)
  await tab.click()
  await expect(tab).toHaveAttribute('aria-selected', 'true')
  await expect(page.locator(`#${await tab.getAttribute('aria-controls')} article`).first()).toBeVisible()

  await page.goto('/admin/showcases/')
  await item.getByRole('button', { name: 'Удалить' }).click()
  await item.getByRole('button', { name: 'Да, удалить' }).click()
  await expect(block.getByRole('listitem').filter({ hasText: title })).toHaveCount(0)
  await page.goto('/')
  await expect(page.locator('[role="tab"]').first()).toBeVisible()
  await expect(page.locator(`[role="tab"][data-anchor="${anchor}"]`)).toHaveCount(0)
})
