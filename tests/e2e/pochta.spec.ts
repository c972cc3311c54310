import { expect, test } from './test'
import { formatRub } from '../../src/lib/money'
import { FAKE_POCHTA_KEYS, startFakePochta, type FakePochta } from '../support/fake-pochta'
import { managerOnOrder } from './admin/admin-kit'
import { ownServer } from './own-server'
import { addToBasket, choosePay, fillContacts, openCheckout, placeOrderAndReadId } from './checkout-kit'

/**
 * Issue 22, ADR 194: a buyer checks out with a real (fake-served) post office at the «Посылка онлайн»
 * price of the fake calculator; the manager registers the parcel in otpravka's backlog from the order
 * page; the post's «Прибыло в место вручения», read back with «Обновить статус», shows on the order with
 * its ШПИ. The suite's server has no Почта России keys, so this spec runs its own with POCHTA_* pointing
 * at the local fake (tests/support/fake-pochta.ts), on a copy of the seeded database, as cdek.spec.ts.
 */
const server = ownServer('pochta', 97)
const base = server.base

let fake: FakePochta | undefined

test.beforeAll(async () => {
  test.setTimeout(180_000)
  fake = await startFakePochta()
  await server.start({
    POCHTA_TOKEN: FAKE_POCHTA_KEYS.token,
    POCHTA_LOGIN: FAKE_POCHTA_KEYS.login,
    POCHTA_PASSWORD: FAKE_POCHTA_KEYS.password,
    POCHTA_TARIFF_URL: fake.url,
    POCHTA_API_URL: fake.url,
    POCHTA_FROM_INDEX: '101000',
    POCHTA_SHIPMENTS: 'true',
  })
})

test.afterAll(async () => {
  server.stop()
  await fake?.close()
})

test('a buyer checks out to a post office at the calculator\u2019s price; the manager registers the parcel; its arrival shows on the order', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const buyerContext = await browser.newContext({ baseURL: base })
  const buyer = await buyerContext.newPage()
  await addToBasket(buyer, 1)
  await openCheckout(buyer)
  await fillContacts(buyer)
  await buyer.getByRole('radio', { name: /Почта России/ }).check()
  const picker = buyer.getByTestId('pickup-picker')
  const office = picker
    .locator('li button')
    .filter({ hasText: 'Отделение Почты России' })
    .filter({ hasNotText: 'Только предоплата!' })
    .first()
  await expect(async () => {
    await picker.getByRole('tab', { name: 'Списком' }).click()
    await expect(office).toBeVisible({ timeout: 2_000 })
  }).toPass()
  const index = /\d{6}/.exec((await office.textContent()) ?? '')?.[0]
  expect(index).toMatch(/^10\d{4}$/)
  await office.click()
  // One office of the fake post (its indices and streets, not the demo's RP-…), priced by its calculator:
  // a parcel under half a kilogram within Moscow, 205 ₽ + VAT.
  const detail = picker.getByTestId('point-detail')
  await expect(detail).toContainText('ул Почтовая')
  await expect(detail).toContainText('Пн-Пт 08:00-20:00')
  await expect(detail).toContainText(formatRub(24_600))
  await detail.getByRole('button', { name: 'Выбрать' }).click()
  await expect(picker.getByText('Выбрано!')).toBeVisible()
  await choosePay(buyer, /Наличными или картой при получении/)
  const orderId = await placeOrderAndReadId(buyer)
  await buyerContext.close()

  const page = await managerOnOrder(browser, base, orderId)
  const panel = page.getByRole('region', { name: 'Отправление: Почта России' })
  await expect(panel).toContainText('Посылка ещё не зарегистрирована')
  await panel.getByRole('button', { name: /Зарегистрировать отправление/ }).click()
  await expect(panel).toContainText('Создан в «Отправке»')
  const [id, order] = [...fake!.orders.entries()].at(-1)!
  expect(order.body).toMatchObject({
    'order-num': orderId,
    'mail-type': 'ONLINE_PARCEL',
    'address-type-to': 'DEMAND',
    'index-to': Number(index),
    'tel-address': 79123456789,
  })

  // The post assigns the ШПИ and brings the parcel to the office; «Обновить статус» reads it back.
  fake!.setOperation(id, {
    type: '8',
    attr: '2',
    name: 'Прибыло в место вручения',
    date: '2026-03-06T08:30:00.000Z',
  })
  await panel.getByRole('button', { name: 'Обновить статус' }).click()
  await expect(panel).toContainText('Прибыл в место вручения')
  await expect(panel).toContainText(`8010${String(id).padStart(10, '0')}`)
  await page.context().close()
})
