import { expect, test } from '../test'
import { addToBasket, openCheckout } from '../checkout-kit'
import { OWNER, signIn } from './admin-kit'

/**
 * The owner's day (issue 18): a promo code made in the back office works at a buyer's checkout, and
 * a new minimum order sum stops a buyer's cart at once. Runs alone (the 'shop-wide' project): the
 * minimum sum is every buyer's.
 */
test('the owner creates a promo code a buyer uses, and raises the minimum order sum the cart then enforces', async ({ page, browser, baseURL }) => {
  await signIn(page, OWNER, '/admin/coupons/new/')
  const code = `OWNER${Date.now().toString(36).toUpperCase()}`
  // The fields' accessible names carry their hints, so they are found by name attribute.
  const field = (name: string) => page.locator(`form [name="${name}"]`)
  await field('code').fill(code)
  await field('kind').selectOption('percent')
  await field('value').fill('10')
  await field('discountName').fill('Скидка от владельца')
  await page.getByRole('button', { name: 'Создать промокод' }).click()
  await page.waitForURL(/\/admin\/coupons\/\d+\/$/)

  const buyerContext = await browser.newContext({ baseURL })
  await buyerContext.addCookies([{ name: 'cookie_consent', value: 'Y', url: baseURL! }])
  const buyer = await buyerContext.newPage()
  await addToBasket(buyer)
  await openCheckout(buyer)
  await buyer.getByLabel('Промокод или подарочный код').fill(code.toLowerCase())
  await buyer.getByRole('button', { name: 'Применить' }).click()
  await expect(buyer.getByTestId('coupon-status')).toContainText('Промокод применен!')

  await page.goto('/admin/settings/')
  const minimum = page.getByRole('textbox', { name: /^Минимальная сумма заказа, ₽/ })
  const previous = await minimum.inputValue()
  try {
    await minimum.fill('50000')
    await minimum.locator('xpath=ancestor::form').getByRole('button', { name: 'Сохранить' }).click()
    await expect(minimum.locator('xpath=ancestor::form').getByRole('status')).toHaveText('Сохранено.')
    await buyer.goto('/personal/cart/')
    await expect(buyer.getByText('Минимальная сумма для заказа составляет 50000 рублей')).toBeVisible()
    await expect(buyer.getByRole('button', { name: 'Оформить заказ' })).toBeDisabled()
  } finally {
    await page.goto('/admin/settings/')
    await page.getByRole('textbox', { name: /^Минимальная сумма заказа, ₽/ }).fill(previous)
    await page.getByRole('textbox', { name: /^Минимальная сумма заказа, ₽/ }).locator('xpath=ancestor::form').getByRole('button', { name: 'Сохранить' }).click()
    await expect(page.getByRole('textbox', { name: /^Минимальная сумма заказа, ₽/ }).locator('xpath=ancestor::form').getByRole('status')).toHaveText('Сохранено.')
    await buyerContext.close()
  }
})
