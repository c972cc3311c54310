import { expect, test, type Page } from './test'

/**
 * After an order placed without leaving the page (one click from the cart, the checkout's fallback form,
 * an invoice order), the header, the buy buttons and the cart page show the emptied basket at once,
 * without a reload (issue 'What a buyer trips over', point 2; ADR 095).
 */

declare global {
  interface Window {
    /** Set before the order: still there afterwards proves no page load happened in between. */
    e2eSameDocument?: boolean
  }
}

test.beforeEach(async ({ context, baseURL }) => {
  // The cookie banner would cover the lower part of phone screens.
  await context.addCookies([{ name: 'cookie_consent', value: 'Y', url: baseURL! }])
})

const headerCart = (page: Page) => page.locator('header [data-slot="header-cart"]')
const card = (page: Page, offer: string) => page.locator(`article[data-offer-id="${offer}"]`).first()

/** Puts the catalogue's first card in the basket with its own button; answers its offer id. */
async function buyFirstCard(page: Page): Promise<string> {
  await page.goto('/catalog/')
  const first = page.locator('article[data-offer-id]').first()
  const offer = (await first.getAttribute('data-offer-id')) ?? ''
  await first.getByRole('button', { name: 'Купить' }).click()
  await expect(first.getByRole('button', { name: 'В корзине' })).toBeVisible()
  await expect(headerCart(page).locator('[data-cart-count]')).toHaveText('1')
  return offer
}

async function markDocument(page: Page) {
  await page.evaluate(() => (window.e2eSameDocument = true))
}

/** The header shows an empty basket, and no page load happened since `markDocument`. */
async function expectEmptyHeader(page: Page) {
  await expect(headerCart(page).locator('[data-cart-count]')).toHaveCount(0)
  await expect(headerCart(page).getByRole('button', { name: 'Корзина пуста' })).toBeVisible()
  expect(await page.evaluate(() => window.e2eSameDocument)).toBe(true)
}

/** Client-side navigation to the catalogue: the card's button reads 'Купить' again. */
async function expectBuyAgainInCatalogue(page: Page, offer: string) {
  await page.locator('footer').getByRole('link', { name: 'Каталог', exact: true }).click()
  await expect(page).toHaveURL(/\/catalog\/$/)
  await expect(card(page, offer).getByRole('button', { name: 'Купить' })).toBeVisible()
  await expect(card(page, offer).getByRole('button', { name: 'В корзине' })).toHaveCount(0)
  expect(await page.evaluate(() => window.e2eSameDocument)).toBe(true)
}

function collectAlerts(page: Page): string[] {
  const alerts: string[] = []
  page.on('dialog', (d) => {
    alerts.push(d.message())
    void d.accept()
  })
  return alerts
}

async function fillOneClick(dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByLabel('Имя и фамилия').fill('Ольга Сидорова')
  await dialog.getByLabel('Населенный пункт').fill('Тверь')
  await dialog.getByLabel('Контактный телефон').fill('9161234567')
  await dialog.getByLabel('Email-адрес').fill(`olga.${Date.now()}${Math.floor(Math.random() * 1000)}@example.ru`)
  await dialog.getByRole('button', { name: 'Отправить' }).click()
}

test.describe('the basket after an order placed without the checkout page', () => {
  test('one click from the cart: badge gone, the cart page empty and Купить back, no reload', async ({ page }) => {
    const offer = await buyFirstCard(page)
    await page.goto('/personal/cart/')
    await expect(page.locator('#main [data-cart-line]')).toHaveCount(1)
    await markDocument(page)
    const alerts = collectAlerts(page)
    await page.getByRole('button', { name: 'Купить в 1 клик' }).click()
    await fillOneClick(page.getByRole('dialog', { name: 'Купить в 1 клик' }))
    await expect.poll(() => alerts.join('\n')).toMatch(/Спасибо за заказ!/)
    await expect(page).toHaveURL(/\/$/)
    await expectEmptyHeader(page)
    // Back to the cart page from the router's cache: its lines come from the store, now empty.
    await page.goBack()
    await expect(page).toHaveURL(/\/personal\/cart\/$/)
    await expect(page.locator('[data-cart-empty]')).toBeVisible()
    await expect(page.locator('#main [data-cart-line]')).toHaveCount(0)
    await expectBuyAgainInCatalogue(page, offer)
  })

  test('the checkout fallback form: badge gone and Купить back, no reload', async ({ page }) => {
    const offer = await buyFirstCard(page)
    await page.goto('/personal/order/')
    await expect(page.getByRole('radio', { name: /Пункты выдачи СДЭК/ })).toBeVisible()
    await markDocument(page)
    const alerts = collectAlerts(page)
    await page.getByTestId('fallback-notice').getByRole('button', { name: 'формой заказа в 1 клик' }).click()
    await fillOneClick(page.getByRole('dialog', { name: 'Резервное оформление заказа' }))
    await expect.poll(() => alerts.join('\n')).toMatch(/Спасибо за заказ!/)
    // Home, not the cart page the checkout sends an emptied basket to.
    await expect(page).toHaveURL(/\/$/)
    await expectEmptyHeader(page)
    await expectBuyAgainInCatalogue(page, offer)
  })

  test('an invoice order: the header empties on the confirmation, Купить back in the catalogue, no reload', async ({ page }) => {
    const offer = await buyFirstCard(page)
    await page.goto('/personal/order/')
    const form = page.getByTestId('checkout-left')
    await expect(page.getByRole('radio', { name: /Пункты выдачи СДЭК/ })).toBeVisible()
    const ok = page.getByRole('button', { name: 'OK', exact: true })
    if (await ok.isVisible()) await ok.click()
    await form.locator('input[name="PROP_NAME"]').fill('Анна')
    await form.locator('input[name="PROP_LASTNAME"]').fill('Иванова')
    await form.locator('input[name="PROP_EMAIL"]').fill(`bill${Date.now()}${Math.floor(Math.random() * 1000)}@example.ru`)
    await form.locator('input[name="PROP_PHONE"]').fill('9123456789')
    await page.getByRole('radio', { name: /Пункты выдачи СДЭК/ }).check()
    const picker = page.getByTestId('pickup-picker')
    await picker.getByRole('tab', { name: 'Списком' }).click()
    await picker.locator('li button').first().click()
    await picker.getByTestId('point-detail').getByRole('button', { name: 'Выбрать' }).click()
    await expect(picker.getByText('Выбрано!')).toBeVisible()
    await page.getByRole('radio', { name: /По счёту/ }).check()
    await expect(page.getByRole('radio', { name: /По счёту/ })).toBeChecked()
    await markDocument(page)
    await page.getByRole('checkbox', { name: /публичной оферты/ }).check()
    await page.getByRole('checkbox', { name: /политикой конфиденциальности/ }).check()
    await page.getByRole('button', { name: 'Оформить заказ' }).click()
    const done = page.getByTestId('bill-confirmation')
    await expect(done).toContainText('оформлен')
    await expectEmptyHeader(page)
    await expect(done).toBeVisible()
    await done.getByRole('link', { name: 'Продолжить покупки' }).click()
    await expect(page).toHaveURL(/\/catalog\/$/)
    await expect(card(page, offer).getByRole('button', { name: 'Купить' })).toBeVisible()
    expect(await page.evaluate(() => window.e2eSameDocument)).toBe(true)
  })
})
