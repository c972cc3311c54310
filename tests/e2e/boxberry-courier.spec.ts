import { expect, test } from './test'
import { DELIVERY_MESSAGES } from '../../src/domains/delivery/delivery'
import { formatRub } from '../../src/lib/money'
import { FAKE_BOXBERRY_CITIES, FAKE_BOXBERRY_TOKEN, startFakeBoxberry, type FakeBoxberry } from '../support/fake-boxberry'
import { managerOnOrder } from './admin/admin-kit'
import { ownServer } from './own-server'
import { addToBasket, choosePay, fillContacts, openCheckout, placeOrderAndReadId } from './checkout-kit'

/**
 * Issue 22, ADR 212: a buyer checks out with «Курьер Boxberry» — the address as for the shop's courier,
 * no day or window, Boxberry's period and the price its DeliveryCosts answers for Moscow's postal code
 * (after CourierListCities and ZipCheck) — and the manager registers the parcel with Boxberry as a
 * courier parcel (vid 2) to that address. The suite's server has no Boxberry token, so the spec runs its
 * own against tests/support/fake-boxberry.ts, as boxberry.spec.ts; desktop only, with a look at 375 px.
 */
test.describe.configure({ mode: 'serial' })

const server = ownServer('boxberry-courier', 103)
const base = server.base

let fake: FakeBoxberry | undefined

test.beforeAll(async () => {
  test.setTimeout(180_000)
  // Moscow with a few dozen points: the courier, not the points' list, is what this spec is about.
  fake = await startFakeBoxberry(FAKE_BOXBERRY_CITIES.map((c) => (c.Code === '68' ? { ...c, points: 30 } : c)))
  await server.start({ BOXBERRY_TOKEN: FAKE_BOXBERRY_TOKEN, BOXBERRY_API_URL: fake.url })
})

test.afterAll(async () => {
  server.stop()
  await fake?.close()
})

/** What the fake DeliveryCosts answers for the courier question the shop last asked (by postal code), in kopecks. */
async function fakeCourierKopecks(f: FakeBoxberry): Promise<number> {
  const asked = f.log.filter((l) => l.method === 'DeliveryCosts' && l.query.zip).at(-1)?.query
  expect(asked).toBeDefined()
  expect(asked).toMatchObject({ zip: '101000' })
  const url = new URL(f.url)
  for (const [k, v] of Object.entries(asked!)) url.searchParams.set(k, v)
  url.searchParams.set('token', FAKE_BOXBERRY_TOKEN)
  const answer = (await (await fetch(url)).json()) as { price: number }
  return Math.round(answer.price * 100)
}

test('a buyer checks out with «Курьер Boxberry» at Boxberry\u2019s courier price; the manager registers a courier parcel to the address', async ({ browser }) => {
  test.setTimeout(150_000)
  const buyerContext = await browser.newContext({ baseURL: base })
  const buyer = await buyerContext.newPage()
  await addToBasket(buyer, 1)
  await openCheckout(buyer)
  await fillContacts(buyer)

  const radio = buyer.getByRole('radio', { name: /Курьер Boxberry/ })
  await expect(radio).toBeVisible()
  const price = await fakeCourierKopecks(fake!)
  expect(price).toBeGreaterThan(0)
  // Boxberry was asked whether it brings a courier to Moscow and to its postal code before the price.
  expect(fake!.log.some((l) => l.method === 'CourierListCities')).toBe(true)
  expect(fake!.log.some((l) => l.method === 'ZipCheck' && l.query.Zip === '101000')).toBe(true)
  await expect(buyer.locator('label').filter({ has: radio })).toContainText(formatRub(price))
  await radio.check()

  const courier = buyer.getByTestId('courier-picker')
  // Without DaData the suggestion is the typed text in the city (ADR 175), complete once it has a house.
  await courier.getByLabel('Адрес доставки').fill('ул Тверская, д 11')
  await courier.getByRole('option', { name: 'г Москва, ул Тверская, д 11', exact: true }).getByRole('button').dispatchEvent('click')
  // Boxberry brings it on its own day: no date or window to choose, its period and price instead.
  await expect(courier.getByTestId('courier-period')).toContainText('Срок доставки:')
  await expect(courier.getByLabel('Дата доставки')).toHaveCount(0)
  await expect(courier.getByTestId('courier-price')).toContainText(formatRub(price))
  await expect(buyer.locator('label').filter({ has: radio })).not.toContainText(DELIVERY_MESSAGES.fullAddress)

  await choosePay(buyer, /Наличными или картой при получении/)
  await expect(buyer.getByTestId('delivery-info')).toContainText('Курьер Boxberry')
  await expect(buyer.getByTestId('delivery-info')).toContainText('г Москва, ул Тверская, д 11')
  await buyer.screenshot({ path: test.info().outputPath('checkout-boxberry-courier-1440.png'), fullPage: true })
  const orderId = await placeOrderAndReadId(buyer)
  await expect(buyer.getByText(`— ${formatRub(price)}`)).toBeVisible()
  await buyerContext.close()

  const page = await managerOnOrder(browser, base, orderId)
  const panel = page.getByRole('region', { name: 'Отправление: Boxberry' })
  await expect(panel).toContainText('Посылка ещё не зарегистрирована')
  await panel.getByRole('button', { name: 'Зарегистрировать отправление (Boxberry)' }).click()
  await expect(panel).toContainText(/BBR\d+/)
  const parcel = [...fake!.parcels.values()].at(-1)!
  expect(parcel.sdata).toMatchObject({ order_id: orderId, vid: 2, kurdost: { index: '101000', addressp: 'г Москва, ул Тверская, д 11' } })
  // A courier parcel goes to no point.
  expect((parcel.sdata.shop as { name: string }).name).toBe('')
  await page.context().close()
})

test('«Курьер Boxberry» on a 375 px screen: the address, then Boxberry\u2019s period and price', async ({ browser }) => {
  test.setTimeout(90_000)
  const context = await browser.newContext({ baseURL: base, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
  const buyer = await context.newPage()
  await addToBasket(buyer, 1)
  await openCheckout(buyer)
  await fillContacts(buyer)
  await buyer.getByRole('radio', { name: /Курьер Boxberry/ }).check()
  const courier = buyer.getByTestId('courier-picker')
  await courier.getByLabel('Адрес доставки').fill('ул Тверская, д 13')
  await courier.getByRole('option', { name: 'г Москва, ул Тверская, д 13', exact: true }).getByRole('button').dispatchEvent('click')
  await expect(courier.getByTestId('courier-period')).toContainText('Срок доставки:')
  await expect(courier.getByTestId('courier-price')).toContainText(formatRub(await fakeCourierKopecks(fake!)))
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await buyer.screenshot({ path: test.info().outputPath('checkout-boxberry-courier-375.png'), fullPage: true })
  await context.close()
})
