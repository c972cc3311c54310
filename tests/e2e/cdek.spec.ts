import { expect, test, request as playwrightRequest } from './test'
import { formatRub } from '../../src/lib/money'
import { type FakeCdek } from '../support/fake-cdek'
import { managerOnOrder } from './admin/admin-kit'
import { fakeTariffs, ownServerWithFakeCdek } from './cdek-kit'
import {
  addToBasket,
  choosePay,
  choosePickupPoint,
  fillContacts,
  openCheckout,
  placeOrderAndReadId,
} from './checkout-kit'

/**
 * Issue 22, ADR 176, 188, 195: a buyer checks out with a real (fake-served) СДЭК point at the price the
 * fake СДЭК calculator quotes; the manager registers the parcel from the order page; СДЭК's status
 * webhook then shows on the order (panel, timeline, the order's status following the carrier). The
 * suite's server has no СДЭК keys, so this spec runs its own with CDEK_* pointing at the local fake
 * (tests/support/fake-cdek.ts), on a copy of the seeded database, as yookassa.spec.ts does; desktop only.
 */
const { base, fake } = ownServerWithFakeCdek('cdek', 93)

/** What the fake calculator answers for the parcel the shop last asked about: the cheapest склад-склад tariff, in kopecks. */
async function fakeQuoteKopecks(f: FakeCdek): Promise<number> {
  const sums = (await fakeTariffs(f)).filter((t) => t.delivery_mode === 4).map((t) => t.delivery_sum)
  return Math.round(Math.min(...sums) * 100)
}

test('a buyer checks out with a СДЭК point at СДЭК\u2019s price; the manager registers the parcel; СДЭК\u2019s status webhook shows on the order', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const buyerContext = await browser.newContext({ baseURL: base })
  const buyer = await buyerContext.newPage()
  await addToBasket(buyer, 1)
  await openCheckout(buyer)
  await fillContacts(buyer)
  await choosePickupPoint(buyer)
  // The point is one of the fake СДЭК's (its codes, not the demo's SDK-…), priced by its calculator.
  const detail = buyer.getByTestId('pickup-picker').getByTestId('point-detail')
  await expect(detail).toContainText('Москва, ПВЗ №')
  const price = await fakeQuoteKopecks(fake())
  expect(price).toBeGreaterThan(0)
  await expect(detail).toContainText(formatRub(price))
  await choosePay(buyer, /Наличными или картой при получении/)
  const orderId = await placeOrderAndReadId(buyer)
  await expect(buyer.getByText(`— ${formatRub(price)}`)).toBeVisible()
  await buyerContext.close()

  const page = await managerOnOrder(browser, base, orderId)
  const panel = page.getByRole('region', { name: 'Отправление: СДЭК' })
  await expect(panel).toContainText('Посылка ещё не зарегистрирована')
  await panel.getByRole('button', { name: 'Зарегистрировать отправление (СДЭК)' }).click()
  await expect(panel).toContainText('Принят СДЭК (ждёт проверки)')
  const [uuid, sent] = [...fake().orders.entries()].at(-1)!
  expect(sent.body).toMatchObject({ number: orderId, shipment_point: 'MSK5', type: 1 })
  const pointCode = String(sent.body.delivery_point)
  expect(pointCode).toMatch(/^MSK\d{4}$/)

  // СДЭК moves the parcel to the point and posts its webhook: the shop re-reads the order and shows it.
  fake().setStatus(uuid, 'ACCEPTED_AT_PICK_UP_POINT', '2026-03-06T11:30:00+0300', '1234567890')
  const api = await playwrightRequest.newContext({ baseURL: base })
  const hook = await api.post('/delivery/notify/cdek/', {
    data: {
      type: 'ORDER_STATUS',
      date_time: '2026-03-06T11:30:00+0300',
      uuid,
      attributes: {
        is_return: false,
        cdek_number: '1234567890',
        number: orderId,
        code: 'ACCEPTED_AT_PICK_UP_POINT',
        status_code: '4',
        status_date_time: '2026-03-06T11:30:00+0300',
        city_name: 'Москва',
        city_code: '44',
      },
    },
  })
  expect(hook.status()).toBe(200)
  expect(await hook.json()).toEqual({ ok: true, applied: true })
  await api.dispose()
  await page.reload()
  await expect(panel).toContainText('Поступил в пункт выдачи')
  await expect(panel).toContainText('1234567890')
  await expect(page.getByText('СДЭК: Поступил в пункт выдачи')).toBeVisible()
  // The order follows the carrier: on its way, by the system.
  await expect(page.getByText('Статус: «Собирается» → «Передан в доставку»')).toBeVisible()
  await page.context().close()
})
