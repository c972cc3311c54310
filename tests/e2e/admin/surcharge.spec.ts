import { expect, test } from '../test'
import { addToBasket, choosePay, choosePickupPoint, fillContacts, openCheckout, placeOrder } from '../checkout-kit'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 18, ADR 169: a buyer pays two pieces by card in the sandbox; the manager makes it three from
 * the order page, which then reads «К доплате»; the buyer's order page shows the sum with
 * «Оплатить», the sandbox takes the surcharge, the order stays paid and nothing is due.
 */
test('a paid order the manager makes dearer asks the buyer for the difference, who pays it', async ({ page, browser, baseURL }) => {
  const buyerContext = await browser.newContext({ baseURL })
  const buyer = await buyerContext.newPage()
  await addToBasket(buyer, 2)
  await openCheckout(buyer)
  await fillContacts(buyer)
  await choosePickupPoint(buyer)
  await choosePay(buyer, /Банковской картой онлайн/)
  await placeOrder(buyer)
  await buyer.getByRole('link', { name: 'Оплатить' }).click()
  await buyer.getByTestId('sandbox').getByRole('button', { name: /^Оплатить/ }).click()
  await expect(buyer.getByTestId('order-status')).toHaveText('Оплачен')
  const orderUrl = buyer.url()
  const orderId = new URL(orderUrl).searchParams.get('ORDER_ID')
  expect(orderId).toMatch(/^\d+$/)

  const manager = await newStaff(page.request, 'manager')
  await signIn(page, manager, `/admin/orders/${orderId}/`)
  await page.getByRole('button', { name: 'Изменить состав' }).click()
  const editor = page.getByRole('form', { name: 'Изменение состава заказа' })
  await editor.getByRole('spinbutton').first().fill('3')
  await editor.getByRole('button', { name: 'Сохранить состав' }).click()
  const due = page.getByTestId('order-due')
  await expect(due).toBeVisible()
  const sum = ((await due.textContent()) ?? '').trim()
  expect(sum).toMatch(/\u00a0₽$/)
  await expect(page.getByText(`Доплата: платёж на ${sum} создан`)).toBeVisible()

  await buyer.goto(orderUrl)
  await expect(buyer.getByTestId('confirmation-due')).toContainText(sum)
  await buyer.getByRole('link', { name: 'Оплатить' }).click()
  await expect(buyer.getByTestId('sandbox')).toContainText(`Доплата по заказу №${orderId}`)
  await buyer.getByTestId('sandbox').getByRole('button', { name: /^Оплатить/ }).click()
  await expect(buyer.getByTestId('order-status')).toHaveText('Оплачен')
  await expect(buyer.getByTestId('confirmation-due')).toBeHidden()
  await buyerContext.close()

  await page.reload()
  await expect(page.getByText(`Доплата: платёж на ${sum}: оплачен`)).toBeVisible()
  await expect(page.getByTestId('order-due')).toBeHidden()
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible()
})
