import { expect, test, request as playwrightRequest, type Browser } from '../test'
import { formatRub } from '../../../src/lib/money'
import { FAKE_CDEK_CITIES, FAKE_CDEK_KEYS, startFakeCdek, type FakeCdek } from '../../support/fake-cdek'
import { OFFER_ID, sessid } from '../checkout-kit'
import { ownServer } from '../own-server'
import { newStaff, signIn } from './admin-kit'

/**
 * ADR 212 in the order edit (ADR 167): on the order page «Изменить доставку» offers «Курьер СДЭК» at the
 * fake СДЭК calculator's door price, asks for the address only (no date, no window, СДЭК's period
 * instead), and the saved order shows the method, the address, the period, the price and the timeline's
 * before → after; the shop's own courier keeps its days and windows. The suite's server has no СДЭК keys,
 * so the spec runs its own against tests/support/fake-cdek.ts, as cdek-courier.spec.ts; at 1024 px, with
 * a look at 1440 px inside its one run.
 */
test.describe.configure({ mode: 'serial' })

const server = ownServer('order-edit-carrier-courier', 101)
const base = server.base
const ADDRESS = 'г Москва, ул Тверская, д 7, кв 12'

let fake: FakeCdek | undefined

test.beforeAll(async () => {
  test.setTimeout(180_000)
  fake = await startFakeCdek(FAKE_CDEK_CITIES.map((c) => (c.code === 44 ? { ...c, points: 30 } : c)))
  await server.start({ CDEK_CLIENT_ID: FAKE_CDEK_KEYS.clientId, CDEK_CLIENT_SECRET: FAKE_CDEK_KEYS.clientSecret, CDEK_API_URL: fake.url })
})

test.afterAll(async () => {
  server.stop()
  await fake?.close()
})

/** What the fake calculator answers for the box the shop last asked about: its cheapest склад-дверь (mode 3) tariff, in kopecks. */
async function fakeDoorKopecks(f: FakeCdek): Promise<number> {
  const asked = f.log.filter((l) => l.method === 'POST' && l.path === '/calculator/tarifflist' && (l.body as { to_location?: { code?: number } }).to_location?.code === 44).at(-1)?.body
  expect(asked).toBeDefined()
  const token = (await (
    await fetch(`${f.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: FAKE_CDEK_KEYS.clientId, client_secret: FAKE_CDEK_KEYS.clientSecret }),
    })
  ).json()) as { access_token: string }
  const answer = (await (
    await fetch(`${f.url}/calculator/tarifflist`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify(asked),
    })
  ).json()) as { tariff_codes: { delivery_mode: number; delivery_sum: number }[] }
  const best = answer.tariff_codes.filter((t) => t.delivery_mode === 3).sort((a, b) => a.delivery_sum - b.delivery_sum)[0]!
  return Math.round(best.delivery_sum * 100)
}

/** A one-click order in Moscow (delivery «Уточнит менеджер») placed by a guest; its number. */
async function oneClickOrder(browser: Browser): Promise<string> {
  const phoneTail = String(Date.now()).slice(-7)
  const context = await browser.newContext({ baseURL: base })
  const buyer = await context.newPage()
  await buyer.goto('/')
  const form = { sessid: await sessid(buyer) }
  expect((await buyer.request.post('/ajax/basket/', { form: { ...form, ACTION: 'Add', ID: String(OFFER_ID), QUANTITY: '1' } })).ok()).toBe(true)
  const placed = await buyer.request.post('/ajax/fast-order/', {
    form: { ...form, UF_NAME: 'Олег Смирнов', UF_CITY: 'Москва', UF_PHONE: `+7 (916) ${phoneTail.slice(0, 3)}-${phoneTail.slice(3, 5)}-${phoneTail.slice(5)}`, UF_EMAIL: 'oleg.courier@example.ru' },
  })
  expect(placed.ok(), await placed.text()).toBe(true)
  const id = String(((await placed.json()) as { ORDER_ID: string | number }).ORDER_ID)
  await context.close()
  return id
}

test('the manager moves an order to «Курьер СДЭК»: the address only, СДЭК\u2019s period and door price; the shop\u2019s courier keeps its slots', async ({ browser }) => {
  test.setTimeout(120_000)
  const orderId = await oneClickOrder(browser)
  const api = await playwrightRequest.newContext({ baseURL: base })
  const manager = await newStaff(api, 'manager')
  await api.dispose()

  for (const width of [1440, 1024]) {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: width === 1024 ? 768 : 900 } })
    const page = await context.newPage()
    await signIn(page, manager, `/admin/orders/${orderId}/`)
    await expect(page.getByRole('heading', { name: `Заказ №${orderId}` })).toBeVisible()
    await page.getByRole('button', { name: 'Изменить доставку' }).click()
    const editor = page.getByRole('form', { name: 'Изменение доставки' })
    await expect(editor).toBeVisible()

    // The control: the shop's own courier still asks for a day and a window.
    const own = editor.locator('select[name="deliveryId"] option', { hasText: 'Курьерская доставка' })
    await editor.getByLabel('Способ доставки').selectOption((await own.getAttribute('value')) ?? '')
    await expect(editor.getByLabel('Дата')).toBeVisible()
    await expect(editor.getByLabel('Интервал')).toBeVisible()

    const sdek = editor.locator('select[name="deliveryId"] option', { hasText: 'Курьер СДЭК' })
    const door = await fakeDoorKopecks(fake!)
    await expect(sdek).toHaveText(`Курьер СДЭК — ${formatRub(door)}`)
    await editor.getByLabel('Способ доставки').selectOption((await sdek.getAttribute('value')) ?? '')
    await expect(editor.getByLabel('Дата')).toHaveCount(0)
    await expect(editor.getByLabel('Интервал')).toHaveCount(0)
    await expect(editor.getByTestId('carrier-courier-period')).toContainText(/Срок доставки: от \d+ до \d+ дн/)
    await editor.getByLabel('Адрес доставки').fill(ADDRESS)
    await page.screenshot({ path: test.info().outputPath(`order-edit-carrier-courier-${width}.png`), fullPage: true })
    if (width === 1024) {
      await editor.getByRole('button', { name: 'Сохранить доставку' }).click()
      await expect(editor).toHaveCount(0)
      const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Доставка', exact: true }) })
      await expect(card).toContainText('Курьер СДЭК')
      await expect(card).toContainText(ADDRESS)
      await expect(card).toContainText(/Срок доставки\s*\d{2}\.\d{2}\.\d{4}( – \d{2}\.\d{2}\.\d{4})?/)
      await expect(card).not.toContainText('Интервал')
      await expect(page.getByRole('definition').filter({ hasText: formatRub(door) }).first()).toBeVisible()
      await expect(page.getByText('Заказ изменён')).toBeVisible()
      await expect(page.getByText(new RegExp(`Доставка: Уточнит менеджер → Курьер СДЭК, ${ADDRESS}, \\d{2}\\.\\d{2}\\.\\d{4}`))).toBeVisible()
      // Opened again, the form knows the order's carrier courier and its address.
      await page.getByRole('button', { name: 'Изменить доставку' }).click()
      await expect(editor.getByLabel('Способ доставки')).toHaveValue((await sdek.getAttribute('value')) ?? '')
      await expect(editor.getByLabel('Адрес доставки')).toHaveValue(ADDRESS)
      await page.screenshot({ path: test.info().outputPath('order-edit-carrier-courier-saved-1024.png'), fullPage: true })
    }
    await context.close()
  }
})
