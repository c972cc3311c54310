import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 208): a content editor gives an article an expert block and an accordion in the back
 * office, reorders the accordion, and a buyer reads both on the article page; the encyclopedia's
 * sections are reordered in the back office and the storefront's tabs follow.
 */
test('a content editor adds an expert block and an accordion to an article, and a buyer reads them', async ({
  page,
  browser,
}, testInfo) => {
  const suffix = randomUUID().slice(0, 8)
  const name = `Витамин D и эксперт ${suffix}`
  const code = `vitamin-d-expert-${suffix}`
  const address = `/health/item/${code}/`
  await signIn(page, await newStaff(page.request, 'content'), '/admin/content/articles/new/')

  const form = page.getByRole('form', { name: 'Новая статья' })
  await form.getByLabel('Название', { exact: true }).fill(name)
  await form.getByLabel('Код для адреса').fill(code)
  await form.getByLabel('Анонс', { exact: true }).fill('Кому и зачем нужен витамин D зимой.')
  await form.locator('textarea[name="text"]').fill('<p>Солнца зимой мало.</p>')
  await form.getByLabel('Показывать блок эксперта под текстом статьи').check()
  await form.getByLabel('Имя эксперта').fill('Мария Петрова')
  await form.getByLabel('Должность, регалии').fill('врач-диетолог')
  await form.locator('input[name="expert.IMG"]').fill('/upload/content/experts/ivanova.svg')
  await form.getByLabel('Размер фото').selectOption('big')
  await form.getByLabel('Мнение эксперта (цитата)').fill('Дозу лучше подобрать по анализу крови.')
  await form.getByRole('button', { name: 'Добавить блок' }).click()
  await form.getByLabel('Блок 1: заголовок').fill('Сколько принимать?')
  await form.getByLabel('Блок 1: текст').fill('Обычно 1000–2000 МЕ в день.')
  await form.getByRole('button', { name: 'Добавить блок' }).click()
  await form.getByLabel('Блок 2: заголовок').fill('Можно ли детям?')
  await form.getByLabel('Блок 2: текст').fill('Да, в детской дозировке.')
  await form.getByLabel('Опубликовано').check()
  await form.getByRole('button', { name: 'Создать статью' }).click()
  await page.waitForURL(/\/admin\/content\/articles\/\d+\/$/)

  // The saved article: the blocks came back from the server; the second question goes up.
  const editor = page.getByRole('form', { name })
  await expect(editor.getByLabel('Имя эксперта')).toHaveValue('Мария Петрова')
  await expect(editor.getByLabel('Блок 2: заголовок')).toHaveValue('Можно ли детям?')
  await editor.getByRole('button', { name: 'Выше: блок 2' }).click()
  await expect(editor.getByLabel('Блок 1: заголовок')).toHaveValue('Можно ли детям?')
  await editor.getByRole('button', { name: 'Сохранить' }).click()
  await expect(editor.getByRole('status')).toHaveText('Сохранено.')
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await editor.locator('[data-field="expert"]').scrollIntoViewIfNeeded()
    await page.screenshot({ path: testInfo.outputPath(`article-editor-${width}.png`), fullPage: false })
  }

  // A buyer reads the expert block and the accordion in the new order; an item opens on a click.
  const buyerContext = await browser.newContext()
  const buyer = await buyerContext.newPage()
  expect((await buyer.goto(address))?.status()).toBe(200)
  const expert = buyer.locator('[data-block="expert"]')
  await expect(expert).toContainText('Мария Петрова')
  await expect(expert).toContainText('врач-диетолог')
  await expect(expert.locator('blockquote')).toHaveText('Дозу лучше подобрать по анализу крови.')
  const items = buyer.locator('[data-block="accordion"] details')
  await expect(items.locator('summary')).toHaveText(['Можно ли детям?+', 'Сколько принимать?+'])
  await expect(items.nth(1).getByText('Обычно 1000–2000 МЕ в день.')).toBeHidden()
  await items.nth(1).locator('summary').click()
  await expect(items.nth(1).getByText('Обычно 1000–2000 МЕ в день.')).toBeVisible()
  for (const width of [375, 1440]) {
    await buyer.setViewportSize({ width, height: 900 })
    await expert.scrollIntoViewIfNeeded()
    await buyer.screenshot({ path: testInfo.outputPath(`article-page-${width}.png`), fullPage: false })
  }
  await buyerContext.close()
})

test('a content editor moves an encyclopedia section, and the storefront’s tabs follow', async ({
  page,
  browser,
}) => {
  await signIn(page, await newStaff(page.request, 'content'), '/admin/content/encyclopedia/')
  const sections = page.getByRole('region', { name: 'Разделы энциклопедии' })
  const names = async () =>
    sections
      .locator('li[data-enc-section] input[name="name"]')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))
  const before = await names()
  expect(before.length).toBeGreaterThan(1)
  const [first, second] = before as [string, string]

  await sections.getByRole('button', { name: `Ниже: ${first}` }).click()
  await expect.poll(names).toEqual([second, first, ...before.slice(2)])

  const buyerContext = await browser.newContext()
  const buyer = await buyerContext.newPage()
  await buyer.goto('/encyclopedia/')
  // 'Все ингредиенты' first, then the sections in the editor's order.
  await expect(buyer.getByRole('tab')).toHaveText(['Все ингредиенты', second, first, ...before.slice(2)])

  // Put back, so other specs find the seeded order.
  await sections.getByRole('button', { name: `Выше: ${first}` }).click()
  await expect.poll(names).toEqual(before)
  await buyer.reload()
  await expect(buyer.getByRole('tab')).toHaveText(['Все ингредиенты', ...before])
  await buyerContext.close()
})
