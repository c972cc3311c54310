import { expect, test } from '../test'
import { OFFER_ID, sessid } from '../checkout-kit'
import { newStaff, signIn } from './admin-kit'

/**
 * Issue 18, ADR 167: a manager gives a one-click order (delivery «Уточнит менеджер») a courier
 * delivery in the buyer's city from the order page: the price comes from the delivery domain, the
 * slot is shown, the total grows by it and the timeline tells before → after.
 */
test('the manager changes an order\'s delivery to a courier slot on the order page', async ({ page, browser, baseURL }) => {
  const phoneTail = String(Date.now()).slice(-7)
  const buyerContext = await browser.newContext({ baseURL })
  const buyer = await buyerContext.newPage()
  await buyer.goto('/')
  const form = { sessid: await sessid(buyer) }
  expect((await buyer.request.post('/ajax/basket/', { form: { ...form, ACTION: 'Add', ID: String(OFFER_ID), QUANTITY: '1' } })).ok()).toBe(true)
  const placed = await buyer.request.post('/ajax/fast-order/', {
    form: { ...form, UF_NAME: 'Олег Смирнов', UF_CITY: 'Москва', UF_PHONE: `+7 (916) ${phoneTail.slice(0, 3)}-${phoneTail.slice(3, 5)}-${phoneTail.slice(5)}`, UF_EMAIL: 'oleg.edit@example.ru' },
  })
  expect(placed.ok(), await placed.text()).toBe(true)
  await buyerContext.close()

  const manager = await newStaff(page.request, 'manager')
  await signIn(page, manager, '/admin/orders/')
  await page.getByLabel('Поиск').fill(`8916${phoneTail}`)
  await page.getByRole('button', { name: 'Показать' }).click()
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await page.locator('tbody tr').first().getByRole('link', { name: /№?\d+/ }).first().click()
  await expect(page.getByRole('heading', { name: /^Заказ №\d+$/ })).toBeVisible()
  await expect(page.getByText('Уточнит менеджер').first()).toBeVisible()

  const editor = page.getByRole('form', { name: 'Изменение доставки' })
  // The button stays disabled until the page has hydrated; the click waits for it.
  await page.getByRole('button', { name: 'Изменить доставку' }).click()
  await expect(editor).toBeVisible()
  const courier = editor.locator('select[name="deliveryId"] option', { hasText: 'Курьерская доставка' })
  const label = (await courier.textContent()) ?? ''
  expect(label).toMatch(/Курьерская доставка — [\d\s\u00a0]+\u00a0₽/)
  await editor.getByLabel('Способ доставки').selectOption((await courier.getAttribute('value')) ?? '')
  await editor.getByLabel('Адрес доставки').fill('г Москва, ул Тверская, д 7, кв 12')
  const date = await editor.getByLabel('Дата').inputValue()
  const time = await editor.getByLabel('Интервал').inputValue()
  await editor.getByRole('button', { name: 'Сохранить доставку' }).click()

  await expect(editor).toHaveCount(0)
  await expect(page.getByText('г Москва, ул Тверская, д 7, кв 12').first()).toBeVisible()
  await expect(page.getByText(`${date}, ${time}`)).toBeVisible()
  const price = label.split(' — ')[1] ?? ''
  await expect(page.getByRole('definition').filter({ hasText: price }).first()).toBeVisible()
  await expect(page.getByText('Заказ изменён')).toBeVisible()
  await expect(page.getByText(/Доставка: Уточнит менеджер → Курьерская доставка, г Москва, ул Тверская, д 7, кв 12/)).toBeVisible()
})
