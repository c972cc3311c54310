import { expect, test } from '../test'
import { OFFER_ID, sessid } from '../checkout-kit'
import { newStaff, signIn } from './admin-kit'

/**
 * A manager's and a warehouse worker's day on one order (issue 18): found by the buyer's phone, a
 * note, a quantity changed, into assembly, the invoice printed; then a track number and off to the
 * carrier.
 */
test('the manager finds an order by phone, notes, edits and assembles it; the warehouse ships it with a track number', async ({ page, browser, baseURL }) => {
  const phoneTail = String(Date.now()).slice(-7)
  const buyerContext = await browser.newContext({ baseURL })
  const buyer = await buyerContext.newPage()
  await buyer.goto('/')
  const form = { sessid: await sessid(buyer) }
  expect((await buyer.request.post('/ajax/basket/', { form: { ...form, ACTION: 'Add', ID: String(OFFER_ID), QUANTITY: '2' } })).ok()).toBe(true)
  const placed = await buyer.request.post('/ajax/fast-order/', {
    form: { ...form, UF_NAME: 'Ирина Петрова', UF_CITY: 'Москва', UF_PHONE: `+7 (915) ${phoneTail.slice(0, 3)}-${phoneTail.slice(3, 5)}-${phoneTail.slice(5)}`, UF_EMAIL: 'irina.day@example.ru' },
  })
  expect(placed.ok(), await placed.text()).toBe(true)
  await buyerContext.close()

  const manager = await newStaff(page.request, 'manager')
  const warehouse = await newStaff(page.request, 'warehouse')
  await signIn(page, manager, '/admin/orders/')
  await page.getByLabel('Поиск').fill(`8915${phoneTail}`)
  await page.getByRole('button', { name: 'Показать' }).click()
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await page.locator('tbody tr').first().getByRole('link', { name: /№?\d+/ }).first().click()
  await expect(page.getByRole('heading', { name: /^Заказ №\d+$/ })).toBeVisible()
  const orderUrl = page.url()

  await page.getByLabel('Заметка для сотрудников').fill('Покупатель просит позвонить за час')
  await page.getByRole('button', { name: 'Добавить заметку' }).click()
  await expect(page.getByText('Покупатель просит позвонить за час')).toBeVisible()

  await page.getByRole('button', { name: 'Изменить состав' }).click()
  await page.getByRole('form', { name: 'Изменение состава заказа' }).getByRole('spinbutton').first().fill('3')
  await page.getByRole('button', { name: 'Сохранить состав' }).click()
  await expect(page.getByRole('cell', { name: '3', exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'В сборку' }).click()
  await page.getByRole('button', { name: 'Перевести в «Собирается»' }).click()
  await expect(page.getByText('Собирается').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Передать в доставку' })).toBeVisible()

  await page.getByRole('link', { name: 'Счёт на оплату' }).click()
  await expect(page.getByText(/Счёт на оплату №\s*\d+/).first()).toBeVisible()
  await expect(page.getByText('Ирина Петрова').first()).toBeVisible()

  await page.context().clearCookies()
  await signIn(page, warehouse, new URL(orderUrl).pathname)
  await expect(page.getByRole('button', { name: 'Изменить состав' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Передать в доставку' }).click()
  await page.getByRole('button', { name: 'Перевести в «Передан в доставку»' }).click()
  await expect(page.getByRole('alert').filter({ hasText: /трек/i })).toBeVisible()
  await page.getByLabel('Трек-номер').fill('1234567890')
  await page.getByRole('button', { name: 'Перевести в «Передан в доставку»' }).click()
  await expect(page.getByText('Передан в доставку').first()).toBeVisible()
  await expect(page.getByText('1234567890').first()).toBeVisible()
})
