import { expect, test, type BrowserContext } from './test'

const D3 = '/catalog/immunitet/p1-vitamin-d3-2000-me-evalar/'
const PROMO = 'Новым подписчикам из вашего региона — скидка 10% на первый заказ!'

async function inRegion(context: BrowserContext, baseURL: string | undefined, code: string) {
  await context.addCookies([{ name: 'vm_region', value: code, url: baseURL ?? 'http://127.0.0.1' }])
}

test.describe('product page question form', () => {
  test('a buyer sends a question about the product from its page', async ({ page }) => {
    await page.goto(D3)
    const form = page.getByRole('form', { name: 'Получите консультацию по продукции, задайте свой вопрос' })
    await form.scrollIntoViewIfNeeded()
    await form.getByRole('button', { name: 'Отправить' }).click()
    await expect(form.getByRole('alert')).toHaveText('Поле с именем не может быть пустым')
    await form.getByLabel('Имя').fill('Ольга')
    await form.getByLabel('E-mail').fill('olga@mail.ru')
    await form.getByLabel('Телефон').fill('9161234567')
    await form.getByLabel('Ваш вопрос').fill('Можно ли принимать вместе с кальцием?')
    const sent = page.waitForRequest((r) => r.url().includes('/ajax/question/') && r.method() === 'POST')
    await form.getByRole('button', { name: 'Отправить' }).click()
    const body = new URLSearchParams((await sent).postData() ?? '')
    expect(body.get('PRODUCT_NAME')).toBe('Витамин D3 2000 МЕ')
    expect(Number(body.get('PRODUCT_ID'))).toBeGreaterThan(0)
    await expect(page.getByRole('status').filter({ hasText: 'Форма успешно отправлена' })).toBeVisible({ timeout: 20_000 })
  })
})

test.describe('new-subscriber promo by region', () => {
  test('the footer block advertises 10% to a visitor from the configured region', async ({ page, context, baseURL }) => {
    await inRegion(context, baseURL, 'kazan')
    await page.goto('/')
    const block = page.getByRole('region', { name: 'Подписка на рассылку' })
    await expect(block.getByText(PROMO)).toBeVisible()
  })

  test('the footer block says nothing of it to a visitor from another region', async ({ page, context, baseURL }) => {
    await inRegion(context, baseURL, 'moskva')
    const asked = page.waitForResponse((r) => r.url().includes('/ajax/subscribe/?region=moskva'))
    await page.goto('/')
    expect(await (await asked).json()).toEqual({ promo: false, text: '' })
    const block = page.getByRole('region', { name: 'Подписка на рассылку' })
    await expect(block.getByRole('button', { name: 'Подписаться' })).toBeVisible()
    await expect(block.getByText(PROMO)).toHaveCount(0)
  })
})

test.describe('company details in demo data', () => {
  test('legal pages fill in the details and say plainly that they are an example', async ({ page }) => {
    await page.goto('/about/dogovor_publichnoy_oferty/')
    await expect(page.getByRole('note')).toContainText('реквизиты компании на этой странице')
    await expect(page.getByRole('note')).toContainText('вымышлены и приведены как пример')
    const article = page.locator('article')
    await expect(article).toContainText('ООО «Витамаркет» (ИНН 7701234567, ОГРН 1207700123456)')
    await expect(article).not.toContainText('{inn}')
    await expect(page.locator('[data-shop-details]')).toContainText('Реквизиты приведены как пример.')
  })
})

test.describe('ratings from published reviews', () => {
  test('the product page rating is the average and count of its published reviews', async ({ page }) => {
    await page.goto(D3)
    // 14 published reviews with 64 points in the seed: 4.57.
    const rating = page.getByRole('link', { name: 'Рейтинг 4.6 из 5' })
    await expect(rating).toContainText('(14 отзывов)')
    await page.goto('/catalog/immunitet/')
    await expect(page.locator('[data-inline-rating]').first()).toBeVisible()
  })
})
