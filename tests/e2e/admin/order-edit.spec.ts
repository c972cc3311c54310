import { expect, test, type Browser } from '../test'
import { OFFER_ID, sessid } from '../checkout-kit'
import { newStaff, signIn } from './admin-kit'

/** A guest's one-click order in Moscow (delivery «Уточнит менеджер»): the phone's last 7 digits and the order's number. */
async function oneClickOrder(browser: Browser, baseURL: string | undefined, email: string): Promise<{ phoneTail: string; orderId: string }> {
  const phoneTail = String(Date.now()).slice(-7)
  const buyerContext = await browser.newContext({ baseURL })
  const buyer = await buyerContext.newPage()
  await buyer.goto('/')
  const form = { sessid: await sessid(buyer) }
  expect((await buyer.request.post('/ajax/basket/', { form: { ...form, ACTION: 'Add', ID: String(OFFER_ID), QUANTITY: '1' } })).ok()).toBe(true)
  const placed = await buyer.request.post('/ajax/fast-order/', {
    form: { ...form, UF_NAME: 'Олег Смирнов', UF_CITY: 'Москва', UF_PHONE: `+7 (916) ${phoneTail.slice(0, 3)}-${phoneTail.slice(3, 5)}-${phoneTail.slice(5)}`, UF_EMAIL: email },
  })
  expect(placed.ok(), await placed.text()).toBe(true)
  const orderId = String(((await placed.json()) as { ORDER_ID: string | number }).ORDER_ID)
  await buyerContext.close()
  return { phoneTail, orderId }
}

/**
 * Issue 18, ADR 167: a manager gives a one-click order (delivery «Уточнит менеджер») a courier
 * delivery in the buyer's city from the order page: the price comes from the delivery domain, the
 * slot is shown, the total grows by it and the timeline tells before → after.
 */
test('the manager changes an order\'s delivery to a courier slot on the order page', async ({ page, browser, baseURL }) => {
  const { phoneTail } = await oneClickOrder(browser, baseURL, 'oleg.edit@example.ru')

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

/**
 * ADR 167's addendum: the buyer asks for the order to go to Tver instead. The manager types the city,
 * picks it from the suggestions, loads Tver's methods, chooses a СДЭК point there and saves; the order
 * page shows Tver, the method and the point, and the timeline names both cities.
 */
test('the manager moves an order to a pickup point in another city', async ({ page, browser, baseURL }) => {
  const { orderId } = await oneClickOrder(browser, baseURL, 'oleg.city@example.ru')
  const manager = await newStaff(page.request, 'manager')
  await signIn(page, manager, `/admin/orders/${orderId}/`)
  await expect(page.getByRole('heading', { name: `Заказ №${orderId}` })).toBeVisible()

  const editor = page.getByRole('form', { name: 'Изменение доставки' })
  await page.getByRole('button', { name: 'Изменить доставку' }).click()
  await expect(editor).toBeVisible()
  await expect(editor.getByTestId('delivery-city')).toHaveText('Способы доставки в городе Москва')

  // Two letters and more ask for suggestions; the manager picks Tver's.
  const city = editor.getByLabel('Город')
  await city.fill('Тве')
  const tver = editor.locator('datalist option[value^="Тверь"]').first()
  await expect(tver).toBeAttached()
  await city.fill((await tver.getAttribute('value')) ?? '')
  await editor.getByRole('button', { name: 'Показать способы' }).click()
  await expect(editor.getByTestId('delivery-city')).toHaveText('Способы доставки в городе Тверь')
  // The shop's courier does not go to Tver.
  await expect(editor.locator('select[name="deliveryId"] option', { hasText: 'Курьерская доставка' })).toHaveCount(0)

  const sdek = editor.locator('select[name="deliveryId"] option', { hasText: 'Пункты выдачи СДЭК' })
  const label = (await sdek.textContent()) ?? ''
  await editor.getByLabel('Способ доставки').selectOption((await sdek.getAttribute('value')) ?? '')
  const pointInput = editor.getByLabel('Пункт выдачи (код)')
  const points = page.locator(`datalist[id="${(await pointInput.getAttribute('list')) ?? ''}"] option`)
  const point = (await points.first().getAttribute('value')) ?? ''
  expect(point).toMatch(/^SDK-TVER-\d{4}$/)
  await pointInput.fill(point)
  await page.screenshot({ path: test.info().outputPath('order-edit-city-1024.png'), fullPage: true })
  await editor.getByRole('button', { name: 'Сохранить доставку' }).click()

  await expect(editor).toHaveCount(0)
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Доставка', exact: true }) })
  await expect(card).toContainText('Тверь')
  await expect(card).toContainText('Пункты выдачи СДЭК')
  await expect(card).toContainText(point)
  const price = label.split(' — ')[1] ?? ''
  await expect(page.getByRole('definition').filter({ hasText: price }).first()).toBeVisible()
  await expect(page.getByText(new RegExp(`Доставка: г\\. Москва, Уточнит менеджер → г\\. Тверь, Пункты выдачи СДЭК, пункт ${point}`))).toBeVisible()
  // Opened again, the form is for the order's new city.
  await page.getByRole('button', { name: 'Изменить доставку' }).click()
  await expect(editor.getByTestId('delivery-city')).toHaveText('Способы доставки в городе Тверь')
  await expect(editor.getByLabel('Город')).toHaveValue('Тверь')
})
