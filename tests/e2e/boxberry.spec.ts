import { expect, test, type Page } from './test'
import { formatRub } from '../../src/lib/money'
import {
  FAKE_BOXBERRY_CITIES,
  FAKE_BOXBERRY_TOKEN,
  startFakeBoxberry,
  type FakeBoxberry,
} from '../support/fake-boxberry'
import { managerOnOrder } from './admin/admin-kit'
import { ownServer } from './own-server'
import { addToBasket, choosePay, fillContacts, openCheckout, placeOrderAndReadId } from './checkout-kit'

/**
 * Issue 22, ADR 193, 195: a buyer checks out with a real (fake-served) Boxberry point at the price the
 * fake Boxberry's DeliveryCosts quotes; the manager registers the parcel (ParselCreate) from the order
 * page; Boxberry's «Поступило в пункт выдачи», read back with «Обновить статус» (ListStatuses), shows on
 * the order. The suite's server has no Boxberry token, so this spec runs its own with BOXBERRY_* pointing
 * at the local fake (tests/support/fake-boxberry.ts), on a copy of the seeded database, as cdek.spec.ts.
 */
const server = ownServer('boxberry', 95)
const base = server.base

let fake: FakeBoxberry | undefined

test.beforeAll(async () => {
  test.setTimeout(180_000)
  // Moscow with a few dozen points: the picker's list, not the map's load, is what this test is about.
  fake = await startFakeBoxberry(
    FAKE_BOXBERRY_CITIES.map((c) => (c.Code === '68' ? { ...c, points: 30 } : c)),
  )
  await server.start({
    BOXBERRY_TOKEN: FAKE_BOXBERRY_TOKEN,
    BOXBERRY_API_URL: fake.url,
  })
})

test.afterAll(async () => {
  server.stop()
  await fake?.close()
})

/** What the fake DeliveryCosts answers for the parcel the shop last asked about, in kopecks. */
async function fakeQuoteKopecks(f: FakeBoxberry): Promise<number> {
  const asked = f.log.filter((l) => l.method === 'DeliveryCosts').at(-1)?.query
  expect(asked).toBeDefined()
  const url = new URL(f.url)
  for (const [k, v] of Object.entries(asked!)) url.searchParams.set(k, v)
  url.searchParams.set('token', FAKE_BOXBERRY_TOKEN)
  const answer = (await (await fetch(url)).json()) as { price: number }
  return Math.round(answer.price * 100)
}

/** The checkout's pickup method «Пункты выдачи Boxberry», and its first point that takes payment on receipt. */
async function chooseBoxberryPoint(page: Page) {
  await page.getByRole('radio', { name: /Пункты выдачи Boxberry/ }).check()
  const picker = page.getByTestId('pickup-picker')
  const point = picker.locator('li button').filter({ hasNotText: 'Только предоплата!' }).first()
  await expect(async () => {
    await picker.getByRole('tab', { name: 'Списком' }).click()
    await expect(point).toBeVisible({ timeout: 2_000 })
  }).toPass()
  await point.click()
  await picker.getByTestId('point-detail').getByRole('button', { name: 'Выбрать' }).click()
  await expect(picker.getByText('Выбрано!')).toBeVisible()
}

test('a buyer checks out with a Boxberry point at Boxberry\u2019s price; the manager registers the parcel; its arrival at the point shows on the order', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const buyerContext = await browser.newContext({ baseURL: base })
  const buyer = await buyerContext.newPage()
  await addToBasket(buyer, 1)
  await openCheckout(buyer)
  await fillContacts(buyer)
  await chooseBoxberryPoint(buyer)
  // The point is one of the fake Boxberry's (its codes and addresses, not the demo's BXB-…), priced by its calculator.
  const detail = buyer.getByTestId('pickup-picker').getByTestId('point-detail')
  await expect(detail).toContainText('Тестовая ул')
  const price = await fakeQuoteKopecks(fake!)
  expect(price).toBeGreaterThan(0)
  await expect(detail).toContainText(formatRub(price))
  await choosePay(buyer, /Наличными или картой при получении/)
  const orderId = await placeOrderAndReadId(buyer)
  await expect(buyer.getByText(`— ${formatRub(price)}`)).toBeVisible()
  await buyerContext.close()

  const page = await managerOnOrder(browser, base, orderId)
  const panel = page.getByRole('region', { name: 'Отправление: Boxberry' })
  await expect(panel).toContainText('Посылка ещё не зарегистрирована')
  await panel.getByRole('button', { name: 'Зарегистрировать отправление (Boxberry)' }).click()
  // The track number Boxberry answered shows on the panel once the registration is done.
  await expect(panel).toContainText(/BBR\d+/)
  const [track, parcel] = [...fake!.parcels.entries()].at(-1)!
  await expect(panel).toContainText(track)
  expect(parcel.sdata).toMatchObject({ order_id: orderId, vid: 1 })
  expect(String((parcel.sdata.shop as { name: string }).name)).toMatch(/^68\d{3}$/)

  // Boxberry moves the parcel to the point; «Обновить статус» reads it back.
  fake!.setStatus(track, 'Поступило в пункт выдачи', '2026-03-06 11:30:00')
  await panel.getByRole('button', { name: 'Обновить статус' }).click()
  await expect(panel).toContainText('Поступило в пункт выдачи')
  await expect(page.getByText('Boxberry: Поступило в пункт выдачи')).toBeVisible()
  await page.context().close()
})
