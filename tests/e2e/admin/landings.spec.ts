import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADR 203): a content editor makes a landing, edits its first screen's block and adds a
 * block, looks at the draft through «Предпросмотр» on the storefront, publishes it, and a buyer sees
 * the new page. The landing is the test's own, so other specs' landings stay as the seed made them.
 */
test('a content editor edits a landing block, previews the draft, publishes, and a buyer sees it', async ({
  page,
  browser,
}) => {
  const suffix = randomUUID().slice(0, 6)
  const code = `e2e-${suffix}`
  const heading = `Коллаген для суставов ${suffix}`
  await signIn(page, await newStaff(page.request, 'content'), '/admin/landings/')

  await page.getByRole('link', { name: 'Новый лендинг' }).click()
  const form = page.getByRole('form', { name: 'Новый лендинг' })
  await form.getByLabel('Название страницы').fill(`Лендинг ${suffix}`)
  await form.getByLabel('Адрес').fill(code)
  await form.getByLabel('Товар (код)').fill('p1-kollagen-morskoy-evalar')
  await form.getByRole('button', { name: 'Создать' }).click()
  await page.waitForURL(/\/admin\/landings\/\d+\/$/)

  // A hidden new landing is not there for a buyer.
  const buyer = await browser.newContext()
  const buyerPage = await buyer.newPage()
  expect((await buyerPage.goto(`/landing/${code}/`))!.status()).toBe(404)

  // An unknown product is refused in Russian, by its field.
  await page.getByLabel('Товар лендинга (код)').fill('no-such-product')
  await page.getByRole('button', { name: 'Сохранить черновик' }).click()
  await expect(page.getByRole('alert').first()).toContainText('товар с кодом «no-such-product» не найден')
  await page.getByLabel('Товар лендинга (код)').fill('p1-kollagen-morskoy-evalar')

  // The first screen's block gets a new title, and a block is added.
  const blocks = page.getByRole('list', { name: 'Блоки' })
  await blocks.getByText('1. Первый экран').click()
  const hero = page.getByRole('group', { name: 'Блок 1: Первый экран' })
  await hero.getByLabel('Заголовок').fill(heading)
  await hero.getByLabel('Описание').fill('Гибкость и комфорт движения каждый день.')
  await page.getByRole('button', { name: 'Добавить блок' }).click()
  const added = page.getByRole('group', { name: 'Блок 2: Текст и товар' })
  await added.getByLabel('Заголовок').fill(`Почему коллаген ${suffix}`)
  await added.getByLabel('Описание').fill('Коллаген — основа хрящей и связок.')
  await page.getByRole('button', { name: 'Сохранить черновик' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Черновик сохранён' })).toBeVisible()

  // «Предпросмотр» opens the storefront page in draft mode, in a new tab.
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Предпросмотр' }).click(),
  ])
  await preview.waitForLoadState()
  await expect(preview.locator('[data-preview-banner]')).toContainText('Черновик')
  await expect(preview.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(preview.getByText(`Почему коллаген ${suffix}`)).toBeVisible()
  await preview.close()
  // The draft is still nobody else's.
  expect((await buyerPage.goto(`/landing/${code}/`))!.status()).toBe(404)

  await page.getByRole('button', { name: 'Опубликовать' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Опубликовано' })).toBeVisible()

  await buyerPage.goto(`/landing/${code}/`)
  await expect(buyerPage.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(buyerPage.getByText(`Почему коллаген ${suffix}`)).toBeVisible()
  await expect(buyerPage.locator('[data-preview-banner]')).toHaveCount(0)
  await buyer.close()
})
