import { expect, test } from './test'
import { DELIVERY_MESSAGES } from '../../src/domains/delivery/delivery'
import { formatRub } from '../../src/lib/money'
import { type FakeCdek } from '../support/fake-cdek'
import { managerOnOrder } from './admin/admin-kit'
import { fakeTariffs, ownServerWithFakeCdek } from './cdek-kit'
import { addToBasket, choosePay, fillContacts, openCheckout, placeOrderAndReadId } from './checkout-kit'

/**
 * Issue 22, ADR 212: a buyer checks out with «Курьер СДЭК» — the address as for the shop's courier, no
 * day or window, СДЭК's period and the price of its cheapest склад-дверь tariff from the fake СДЭК's
 * calculator — and the manager registers the parcel with СДЭК to the door from the order page. The
 * suite's server has no СДЭК keys, so the spec runs its own against tests/support/fake-cdek.ts, as
 * cdek.spec.ts does; desktop only.
 */
// One server for both tests: they run in one worker, one after the other.
test.describe.configure({ mode: 'serial' })

const { base, fake } = ownServerWithFakeCdek('cdek-courier', 99)

/** The fake calculator's answer for the box the shop last asked about: its cheapest склад-дверь (mode 3) tariff, in kopecks. */
async function fakeDoorQuote(f: FakeCdek): Promise<{ kopecks: number; tariff: number }> {
  const best = (await fakeTariffs(f)).filter((t) => t.delivery_mode === 3).sort((a, b) => a.delivery_sum - b.delivery_sum)[0]!
  return { kopecks: Math.round(best.delivery_sum * 100), tariff: best.tariff_code }
}

test('a buyer checks out with «Курьер СДЭК» at СДЭК\u2019s door price; the manager registers the parcel to the door', async ({ browser }) => {
  test.setTimeout(150_000)
  const buyerContext = await browser.newContext({ baseURL: base })
  const buyer = await buyerContext.newPage()
  await addToBasket(buyer, 1)
  await openCheckout(buyer)
  await fillContacts(buyer)

  const radio = buyer.getByRole('radio', { name: /Курьер СДЭК/ })
  await expect(radio).toBeVisible()
  const door = await fakeDoorQuote(fake())
  expect(door.kopecks).toBeGreaterThan(0)
  // The list shows СДЭК's door price beside the method.
  await expect(buyer.locator('label').filter({ has: radio })).toContainText(formatRub(door.kopecks))
  await radio.check()

  const courier = buyer.getByTestId('courier-picker')
  const address = courier.getByLabel('Адрес доставки')
  // Without DaData the suggestion is the typed text in the city (ADR 175), complete once it has a house.
  await address.fill('ул Тверская, д 7')
  await courier.getByRole('option', { name: 'г Москва, ул Тверская, д 7', exact: true }).getByRole('button').dispatchEvent('click')
  // СДЭК brings it on its own day: no date or window to choose, its period and price instead.
  await expect(courier.getByTestId('courier-period')).toContainText('Срок доставки:')
  await expect(courier.getByLabel('Дата доставки')).toHaveCount(0)
  await expect(courier.getByTestId('courier-price')).toContainText(formatRub(door.kopecks))
  // The refresh after the address was confirmed accepts it: the method shows no error any more.
  await expect(buyer.locator('label').filter({ has: radio })).not.toContainText(DELIVERY_MESSAGES.fullAddress)

  await choosePay(buyer, /Наличными или картой при получении/)
  // The delivery information block (after the payment, reading A) names the method and the address.
  await expect(buyer.getByTestId('delivery-info')).toContainText('Курьер СДЭК')
  await expect(buyer.getByTestId('delivery-info')).toContainText('г Москва, ул Тверская, д 7')
  await buyer.screenshot({ path: test.info().outputPath('checkout-cdek-courier-1440.png'), fullPage: true })
  const orderId = await placeOrderAndReadId(buyer)
  await expect(buyer.getByText(`— ${formatRub(door.kopecks)}`)).toBeVisible()
  await buyerContext.close()

  const page = await managerOnOrder(browser, base, orderId)
  const panel = page.getByRole('region', { name: 'Отправление: СДЭК' })
  await expect(panel).toContainText('Посылка ещё не зарегистрирована')
  await panel.getByRole('button', { name: 'Зарегистрировать отправление (СДЭК)' }).click()
  await expect(panel).toContainText('Принят СДЭК (ждёт проверки)')
  const sent = [...fake().orders.values()].at(-1)!.body
  expect(sent).toMatchObject({ number: orderId, shipment_point: 'MSK5', tariff_code: door.tariff, to_location: { code: 44, address: 'г Москва, ул Тверская, д 7' } })
  expect(sent.delivery_point).toBeUndefined()
  await page.context().close()
})

test('«Курьер СДЭК» on a 375 px screen: the address, then СДЭК\u2019s period and price', async ({ browser }) => {
  test.setTimeout(90_000)
  const context = await browser.newContext({ baseURL: base, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
  const buyer = await context.newPage()
  await addToBasket(buyer, 1)
  await openCheckout(buyer)
  await fillContacts(buyer)
  await buyer.getByRole('radio', { name: /Курьер СДЭК/ }).check()
  const courier = buyer.getByTestId('courier-picker')
  await courier.getByLabel('Адрес доставки').fill('ул Тверская, д 9')
  await courier.getByRole('option', { name: 'г Москва, ул Тверская, д 9', exact: true }).getByRole('button').dispatchEvent('click')
  await expect(courier.getByTestId('courier-period')).toContainText('Срок доставки:')
  await expect(courier.getByTestId('courier-price')).toContainText(formatRub((await fakeDoorQuote(fake())).kopecks))
  // Nothing sticks out of the narrow screen.
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await buyer.screenshot({ path: test.info().outputPath('checkout-cdek-courier-375.png'), fullPage: true })
  await context.close()
})
