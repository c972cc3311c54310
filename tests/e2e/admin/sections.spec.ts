import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '../test'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 192): a content editor creates two sections, renames one, puts them in a new order
 * with the keyboard and by dragging, and the storefront's catalogue menu shows the names in that order.
 * Projects share one shop and its one menu: run one project at a time (each run of scripts/e2e.ts
 * starts from a fresh database).
 */
async function createSection(page: Page, name: string, code: string): Promise<void> {
  await page.goto('/admin/sections/new/')
  const form = page.getByRole('form', { name: 'Раздел' })
  await form.getByLabel('Название', { exact: true }).fill(name)
  await form.getByLabel(/^Код/).fill(code)
  await form.getByRole('button', { name: 'Создать' }).click()
  await page.waitForURL(/\/admin\/sections\/\d+\/$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

test('a content editor renames and reorders sections, and the catalogue menu follows', async ({ page }) => {
  const suffix = randomUUID().slice(0, 6)
  const first = `Сон ${suffix}`
  const renamed = `Крепкий сон ${suffix}`
  const second = `Энергия ${suffix}`
  await signIn(page, await newStaff(page.request, 'content'), '/admin/sections/')

  await createSection(page, first, `sleep-${suffix}`)
  const form = page.getByRole('form', { name: 'Раздел' })
  await form.getByLabel('Название', { exact: true }).fill(renamed)
  await form.getByRole('button', { name: 'Сохранить' }).click()
  await expect(form.getByRole('status')).toHaveText('Сохранено.')
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible()
  await createSection(page, second, `energy-${suffix}`)

  await page.goto('/admin/sections/')
  const list = page.getByRole('list', { name: 'Разделы в порядке меню' })
  const rows = list.getByRole('listitem')
  const names = async () => (await rows.allInnerTexts()).map((t) => t.split('\n').find((line) => line.includes(suffix)) ?? '')
  // New sections go last: the renamed one, then the second.
  expect((await names()).filter(Boolean)).toEqual([renamed, second])
  const secondAt = (await names()).indexOf(second)

  // By keyboard: the second section one place up.
  await list.getByRole('button', { name: `Выше: ${second}` }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: `«${second}»` })).toContainText('теперь')
  await expect.poll(async () => (await names()).indexOf(second)).toBe(secondAt - 1)
  expect((await names()).filter(Boolean)).toEqual([second, renamed])

  // By dragging: the renamed section onto the top of the list. The whole list in view, so that no
  // scrolling moves the rows under the pointer between pressing and dragging.
  const size = page.viewportSize()!
  await page.setViewportSize({ width: size.width, height: 2000 })
  await list.locator(`[data-section="sleep-${suffix}"]`).dragTo(rows.first())
  await expect.poll(async () => (await names())[0]).toBe(renamed)
  await page.setViewportSize(size)

  // The storefront's catalogue menu: the new name, the old one gone, the second section after it.
  await page.goto('/catalog/')
  const tiles = page.locator('[data-card="purpose"]')
  await expect(tiles.filter({ hasText: renamed }).first()).toBeVisible()
  const texts = await tiles.allInnerTexts()
  expect(texts.some((t) => t.includes(first) && !t.includes(renamed))).toBe(false)
  const at = (name: string) => texts.findIndex((t) => t.includes(name))
  expect(at(second)).toBeGreaterThanOrEqual(0)
  expect(at(renamed)).toBe(0)
  expect(at(second)).toBeGreaterThan(0)
})
