import { expect, type Page } from './test'

/** A buyer's steps through the checkout, shared by the checkout journeys and the back office's tests. */
/** The seed's first offer (Витамин D3 2000 МЕ, 310 in stock). */
export const OFFER_ID = 1

export async function sessid(page: Page): Promise<string> {
  const cookies = await page.context().cookies()
  return decodeURIComponent(cookies.find((c) => c.name === 'vm_sessid')?.value ?? '')
}

export async function addToBasket(page: Page, quantity = 2): Promise<void> {
  await page.goto('/')
  const res = await page.request.post('/ajax/basket/', {
    form: { ACTION: 'Add', ID: String(OFFER_ID), QUANTITY: String(quantity), sessid: await sessid(page) },
  })
  expect(res.ok()).toBe(true)
}

export const form = (page: Page) => page.getByTestId('checkout-left')
export const field = (page: Page, name: string) => form(page).locator(`input[name="${name}"]`)

export async function openCheckout(page: Page) {
  await page.goto('/personal/order/')
  // The delivery list appears once the first refresh has answered (round 2: Moscow is the default).
  // On a server of a spec's own that refresh is its first: carriers load the city's points then,
  // each within its own time limit, so on a busy machine it may take longer than a usual wait.
  await expect(page.getByRole('radio', { name: /Пункты выдачи СДЭК/ })).toBeVisible({ timeout: 30_000 })
  const ok = page.getByRole('button', { name: 'OK', exact: true })
  if (await ok.isVisible()) await ok.click()
}

export async function fillContacts(page: Page, email = `buyer${Date.now()}${Math.floor(Math.random() * 1000)}@example.ru`) {
  await field(page, 'PROP_NAME').fill('Анна')
  await field(page, 'PROP_LASTNAME').fill('Иванова')
  await field(page, 'PROP_EMAIL').fill(email)
  await field(page, 'PROP_PHONE').fill('9123456789')
  await expect(field(page, 'PROP_PHONE')).toHaveValue('+7 (912) 345-67-89')
}

/** A point from the list that takes payment on receipt (no 'Только предоплата!'), confirmed. */
export async function choosePickupPoint(page: Page) {
  await page.getByRole('radio', { name: /Пункты выдачи СДЭК/ }).check()
  const picker = page.getByTestId('pickup-picker')
  const point = picker.locator('li button').filter({ hasNotText: 'Только предоплата!' }).first()
  // Checking the radio starts a recount that may draw the picker again on its map tab, dropping a
  // click on «Списком» made before it: the tab is chosen until the list stays in view.
  await expect(async () => {
    await picker.getByRole('tab', { name: 'Списком' }).click()
    await expect(point).toBeVisible({ timeout: 2_000 })
  }).toPass()
  await point.click()
  await picker.getByTestId('point-detail').getByRole('button', { name: 'Выбрать' }).click()
  await expect(picker.getByText('Выбрано!')).toBeVisible()
}

export async function choosePay(page: Page, name: RegExp) {
  await page.getByRole('radio', { name }).check()
  await expect(page.getByRole('radio', { name })).toBeChecked()
}

export async function placeOrder(page: Page) {
  await page.getByRole('checkbox', { name: /публичной оферты/ }).check()
  await page.getByRole('checkbox', { name: /политикой конфиденциальности/ }).check()
  await page.getByRole('button', { name: 'Оформить заказ' }).click()
}

/** Places the order and answers its number from the confirmation's address. */
export async function placeOrderAndReadId(page: Page): Promise<string> {
  await placeOrder(page)
  await expect(page.getByTestId('order-status')).toBeVisible()
  const orderId = new URL(page.url()).searchParams.get('ORDER_ID')
  expect(orderId).toMatch(/^\d+$/)
  return orderId!
}

