import { PGlite } from '@electric-sql/pglite'
import { expect, test } from './test'
import { FAKE_SECRET, FAKE_SHOP_ID, startFakeYookassa, type FakeYookassa } from '../support/fake-yookassa'
import { managerOnOrder } from './admin/admin-kit'
import { ownServer } from './own-server'
import {
  OFFER_ID,
  addToBasket,
  choosePay,
  choosePickupPoint,
  fillContacts,
  openCheckout,
  placeOrder,
} from './checkout-kit'

/**
 * Issue 19, ADR 183: a buyer pays by card through ЮKassa's flow against the fake ЮKassa
 * (tests/support/fake-yookassa.ts, whose confirmation page sends the browser back to the shop), the
 * order page says «Оплачен» from its own re-read (the fake sends no notification); the manager ships
 * it with a marking code per piece (the settlement receipt goes to ЮKassa) and refunds one piece. The suite's server keeps the sandbox (the other specs pay there),
 * so this spec runs its own server with YOOKASSA_* pointing at the fake, on a copy of the seeded
 * database, as crash-recovery.spec.ts does; desktop project only.
 */
const server = ownServer('yookassa', 91)
const base = server.base
const fakePort = Number(process.env.PORT ?? 3100) + 92

let fake: FakeYookassa | undefined

test.beforeAll(async () => {
  if (test.info().project.name !== 'desktop-1440') return
  test.setTimeout(180_000)
  fake = await startFakeYookassa(fakePort)
  await server.start(
    {
      YOOKASSA_SHOP_ID: FAKE_SHOP_ID,
      YOOKASSA_SECRET_KEY: FAKE_SECRET,
      YOOKASSA_API_URL: `${fake.url}/v3/`,
      YOOKASSA_NOTIFY_NETWORKS: '127.0.0.1/32',
    },
    async (dbDir) => {
      // The offer the buyer takes is marked goods (Честный ЗНАК) in this copy: shipping asks its codes.
      const seeded = new PGlite(dbDir)
      await seeded.query(`update offers set mark_code_type = 'gs1m' where id = $1`, [OFFER_ID])
      await seeded.close()
    },
  )
})

test.afterAll(async () => {
  server.stop()
  await fake?.close()
})

test('a buyer pays through ЮKassa, the order reads paid on return; the manager ships it with marking codes and refunds one piece', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const buyerContext = await browser.newContext({ baseURL: base })
  const buyer = await buyerContext.newPage()
  await addToBasket(buyer, 2)
  await openCheckout(buyer)
  await fillContacts(buyer)
  await choosePickupPoint(buyer)
  await choosePay(buyer, /Банковской картой онлайн/)
  await placeOrder(buyer)
  await expect(buyer.getByTestId('order-status')).toHaveText('Ожидает оплаты')
  const orderId = new URL(buyer.url()).searchParams.get('ORDER_ID')
  expect(orderId).toMatch(/^\d+$/)
  await buyer.getByRole('link', { name: 'Оплатить' }).click()
  await buyer.getByRole('button', { name: /^Перейти к оплате/ }).click()
  // The fake ЮKassa's page; «Оплатить» there sends the browser back to the order.
  await expect(buyer.getByRole('heading', { name: /^Оплата / })).toBeVisible()
  expect(new URL(buyer.url()).origin).toBe(fake!.url)
  await buyer.getByRole('button', { name: 'Оплатить' }).click()
  await buyer.waitForURL((url) => url.origin === base && url.pathname === '/personal/order/')
  await expect(buyer.getByTestId('order-status')).toHaveText('Оплачен')
  const sent = fake!.requests.find((r) => r.method === 'POST' && r.path === 'payments')!
  expect(sent.body.receipt).toBeDefined()
  expect(fake!.requests.some((r) => r.method === 'GET' && r.path.startsWith('payments/'))).toBe(true)
  await buyerContext.close()

  const page = await managerOnOrder(browser, base, orderId!)
  await expect(page.getByText(/Чек прихода: зарегистрирован/)).toBeVisible()
  // Shipping the prepaid order asks a code per marked piece and sends the settlement receipt.
  await page.getByRole('button', { name: 'В сборку' }).click()
  await page.getByRole('button', { name: 'Перевести в «Собирается»' }).click()
  await page.getByRole('button', { name: 'Передать в доставку' }).click()
  const codes = ['0104604060005900215CODEONE00001', '0104604060005900215CODETWO00002']
  await page.getByLabel(/штука 1 из 2/).fill(codes[0]!)
  await page.getByLabel(/штука 2 из 2/).fill(codes[1]!)
  await page.getByRole('button', { name: /^Перевести в «/ }).click()
  await expect(page.getByTestId('settlement-receipt')).toContainText('Чек полного расчёта: регистрируется')
  const settlement = fake!.requests.find((r) => r.method === 'POST' && r.path === 'receipts')!
  expect(
    (settlement.body.items as { mark_code_info?: { gs_1m: string } }[]).flatMap((i) =>
      i.mark_code_info ? [i.mark_code_info.gs_1m] : [],
    ),
  ).toEqual(codes)
  await page.getByRole('button', { name: 'Вернуть деньги' }).click()
  const dialog = page.getByRole('dialog', { name: `Возврат по заказу №${orderId}` })
  await dialog.getByRole('spinbutton', { name: /вернуть, шт\./ }).fill('1')
  await dialog.getByLabel('Причина').fill('Одна банка вернулась')
  const sum =
    ((await dialog.getByText(/^К возврату:/).textContent()) ?? '').match(
      /К возврату: ([\d\s\u00a0,]+\u00a0₽)/,
    )?.[1] ?? ''
  expect(sum).not.toBe('')
  await dialog.getByRole('button', { name: `Вернуть ${sum}` }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('list', { name: 'Возвраты' })).toContainText(`Возврат ${sum} · выполнен`)
  const refund = fake!.requests.find((r) => r.method === 'POST' && r.path === 'refunds')!
  expect((refund.body.receipt as { items: { quantity: number }[] }).items.map((i) => i.quantity)).toEqual([1])
  // The timeline tells the provider's calls.
  await expect(page.getByText('ЮKassa: POST /refunds — ответ 200')).toBeVisible()
  await page.context().close()
})
