import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 20 (ADRs 200, 201): a content editor writes an article as a draft, previews it on the
 * storefront (the buyer still gets 404), publishes it, and a buyer reads it.
 */
test('a content editor drafts an article, previews it, publishes it, and a buyer reads it', async ({
  page,
  browser,
}, testInfo) => {
  const suffix = randomUUID().slice(0, 8)
  const name = `Магний и сон ${suffix}`
  const code = `magnesium-sleep-${suffix}`
  const address = `/health/item/${code}/`
  await signIn(page, await newStaff(page.request, 'content'), '/admin/content/articles/')

  await page.getByRole('link', { name: 'Новая статья' }).click()
  const form = page.getByRole('form', { name: 'Новая статья' })
  await form.getByLabel('Название', { exact: true }).fill(name)
  await form.getByLabel('Код для адреса').fill(code)
  await form.getByLabel('Анонс', { exact: true }).fill('Как магний помогает уснуть и сколько его нужно.')
  await form
    .locator('textarea[name="text"]')
    .fill(
      '<h2>Коротко</h2><p>Магний <strong>успокаивает</strong> нервную систему.</p><script>alert(1)</script>',
    )
  await form.getByRole('button', { name: 'Создать статью' }).click()
  await page.waitForURL(/\/admin\/content\/articles\/\d+\/$/)
  await expect(page.getByRole('heading', { name })).toBeVisible()
  await expect(page.getByText('Черновик', { exact: true })).toBeVisible()

  // A buyer (another browser, no staff session) does not see the draft.
  const buyerContext = await browser.newContext()
  const buyer = await buyerContext.newPage()
  expect((await buyer.goto(address))?.status()).toBe(404)

  // «Предпросмотр» opens the storefront page in a new tab, in draft mode.
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Предпросмотр' }).click(),
  ])
  await preview.waitForURL(`**${address}`)
  await expect(preview.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(preview.getByRole('status').filter({ hasText: 'Предпросмотр' })).toContainText(
    'Черновик: покупатели этой страницы не видят.',
  )
  await expect(preview.locator('article strong', { hasText: 'успокаивает' })).toBeVisible()
  for (const width of [375, 1440]) {
    await preview.setViewportSize({ width, height: 900 })
    await preview.screenshot({ path: testInfo.outputPath(`article-preview-${width}.png`), fullPage: false })
  }
  // Still not for the buyer, and the preview was not kept for anyone.
  expect((await buyer.goto(address))?.status()).toBe(404)

  // Publish.
  const editor = page.getByRole('form', { name })
  await editor.getByLabel('Опубликовано').check()
  await editor.getByRole('button', { name: 'Сохранить' }).click()
  await expect(editor.getByRole('status')).toHaveText('Сохранено.')
  await expect(page.getByRole('link', { name: 'Открыть на сайте' })).toHaveAttribute('href', address)

  // The buyer reads it, cleaned of the script.
  const answer = await buyer.goto(address)
  expect(answer?.status()).toBe(200)
  await expect(buyer.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(buyer.locator('article strong', { hasText: 'успокаивает' })).toBeVisible()
  await expect(buyer.locator('[data-preview-banner]')).toHaveCount(0)
  expect(await buyer.content()).not.toContain('alert(1)')

  // The editor leaves the preview: the strip goes.
  await preview.reload()
  await expect(preview.getByRole('status').filter({ hasText: 'Предпросмотр' })).toContainText(
    'Страница опубликована',
  )
  await preview.getByRole('button', { name: 'Выйти из предпросмотра' }).click()
  await preview.waitForURL(`**${address}`)
  await expect(preview.locator('[data-preview-banner]')).toHaveCount(0)
  await buyerContext.close()
})
