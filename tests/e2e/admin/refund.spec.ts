import { expect, test } from '../test'
import { addToBasket, choosePay, choosePickupPoint, fillContacts, openCheckout, placeOrder } from '../checkout-kit'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 18, ADR 165: a buyer pays two pieces by card in the sandbox; the manager refunds one of them
 * from the order page. The dialog shows the sum before confirming; the payment card then reads what
 * was paid, refunded and left, and the timeline tells the refund with its line and reason.
 */
test('the manager refunds one piece of a paid order from the order page', async ({ page, browser, baseURL }) => {
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
  const orderId = new URL(buyer.url()).searchParams.get('ORDER_ID')
  expect(orderId).toMatch(/^\d+$/)
  await buyerContext.close()

  const manager = await newStaff(page.request, 'manager')
  await signIn(page, manager, `/admin/orders/${orderId}/`)
  const money = page.getByRole('definition')
  await expect(page.getByText('Оплачено', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Вернуть деньги' }).click()
  const dialog = page.getByRole('dialog', { name: `Возврат по заказу №${orderId}` })
  await expect(dialog.getByText('2 из 2')).toBeVisible()
  await dialog.getByRole('spinbutton', { name: /вернуть, шт\./ }).fill('1')
  await dialog.getByLabel('Причина').fill('Покупатель вернул одну банку')
  const sum = ((await dialog.getByText(/^К возврату:/).textContent()) ?? '').match(/К возврату: ([\d\s\u00a0,]+\u00a0₽)/)?.[1] ?? ''
  expect(sum).not.toBe('')
  await dialog.getByRole('button', { name: `Вернуть ${sum}` }).click()

  await expect(dialog).toBeHidden()
  await expect(page.getByRole('list', { name: 'Возвраты' })).toContainText(`Возврат ${sum} · выполнен`)
  await expect(money.filter({ hasText: sum }).first()).toBeVisible()
  await expect(page.getByText(`Возврат ${sum}: выполнен`)).toBeVisible()
  await expect(page.getByText('«Покупатель вернул одну банку»')).toBeVisible()
  // The order keeps its status: a refund moves money, not goods.
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible()
})
