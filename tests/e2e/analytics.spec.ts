import { expect, test, type Page } from './test'

/**
 * Yandex.Metrika and GTM (ADR 115). scripts/e2e.ts sets both ids and points their script URLs at the
 * fakes of tests/e2e/fake-analytics on 127.0.0.1; the fakes record what they see in sessionStorage.
 */
const PRODUCT = '/catalog/immunitet/p1-vitamin-d3-2000-me-evalar/'
const FAKE_ORIGIN = `http://127.0.0.1:${process.env.FAKE_ANALYTICS_PORT}`

type MetrikaLog = { kind: 'call' | 'ecommerce'; data: unknown; path: string }[]
type GtmLog = { id: string; entry: Record<string, unknown>; path: string }[]
type Ecommerce = { ecommerce?: Record<string, { products?: { id: string; name: string }[]; actionField?: { id?: string; revenue?: number } }> & { currencyCode?: string } }

const metrikaLog = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('fake-metrika') ?? '[]') as MetrikaLog)
const gtmLog = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('fake-gtm') ?? '[]') as GtmLog)
const metrikaSaw = async (page: Page, action: string) =>
  (await metrikaLog(page)).filter((l) => l.kind === 'ecommerce').map((l) => l.data as Ecommerce).filter((d) => d.ecommerce?.[action])

test.describe('analytics counters', () => {
  test('without consent nothing loads; OK loads both, and they see the events queued before', async ({ page, context }) => {
    await context.clearCookies({ name: 'cookie_consent' })
    expect(FAKE_ORIGIN).toMatch(/:\d+$/)
    const fakeRequests: string[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(FAKE_ORIGIN)) fakeRequests.push(r.url())
    })
    const response = await page.goto(PRODUCT)
    // The policy lets the configured counters in; so only the missing consent keeps them out below.
    expect(response?.headers()['content-security-policy']).toMatch(new RegExp(`script-src 'self' 'nonce-[^']+' 'strict-dynamic' ${FAKE_ORIGIN}`))

    // view_item is queued for both counters…
    await expect.poll(() => page.evaluate(() => (window.ymDataLayer ?? []).some((e) => e.ecommerce.detail))).toBe(true)
    await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).some((e) => e.event === 'view_item'))).toBe(true)
    // …and an add to cart too, still before consent.
    const buy = page.getByRole('main').getByRole('button', { name: 'Купить' }).first()
    // Clear of the cookie banner at the bottom of the screen.
    await buy.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await buy.click()
    await expect(page.getByRole('main').getByRole('link', { name: 'В корзине' }).first()).toBeVisible()
    await expect.poll(() => page.evaluate(() => (window.ymDataLayer ?? []).some((e) => e.ecommerce.add))).toBe(true)

    // Nothing has loaded or been asked for.
    expect(await page.evaluate(() => typeof window.ym)).toBe('undefined')
    expect(await page.locator(`script[src^="${FAKE_ORIGIN}"]`).count()).toBe(0)
    expect(await page.evaluate(() => (window.dataLayer ?? []).some((e) => e.event === 'gtm.js'))).toBe(false)
    expect(fakeRequests).toEqual([])
    expect(await metrikaLog(page)).toEqual([])

    await page.getByRole('region', { name: 'Уведомление о cookie' }).getByRole('button', { name: 'OK' }).click()

    // Metrika: init with our counter and container, then the queued detail and add, pushed before consent.
    await expect.poll(async () => (await metrikaSaw(page, 'detail')).length).toBe(1)
    const init = (await metrikaLog(page)).find((l) => l.kind === 'call')?.data
    expect(init).toEqual([10000001, 'init', expect.objectContaining({ ecommerce: 'ymDataLayer' })])
    const [detail] = await metrikaSaw(page, 'detail')
    expect(detail?.ecommerce?.currencyCode).toBe('RUB')
    expect(detail?.ecommerce?.detail?.products?.[0]?.name).toMatch(/Витамин D3 2000 МЕ/)
    expect(await metrikaSaw(page, 'add')).toHaveLength(1)
    // GTM: its container id, and the GA4 events already in dataLayer.
    await expect.poll(async () => (await gtmLog(page)).map((l) => l.entry.event)).toEqual(expect.arrayContaining(['view_item', 'add_to_cart', 'gtm.js']))
    expect((await gtmLog(page))[0]?.id).toBe('GTM-E2E0001')
    expect(fakeRequests.map((u) => new URL(u).pathname).sort()).toEqual(['/gtm.js', '/metrika/tag.js'])
  })

  test('with consent the counters load on every page; a one-click purchase carries the order number', async ({ page }) => {
    await page.goto('/')
    const sessid = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'vm_sessid')?.value ?? '')
    const added = await page.request.post('/ajax/basket/', { form: { ACTION: 'Add', ID: '1', QUANTITY: '2', sessid } })
    expect(added.ok()).toBe(true)
    await page.goto('/personal/cart/')
    await expect.poll(async () => (await metrikaLog(page)).some((l) => l.kind === 'call' && l.path === '/personal/cart/')).toBe(true)

    await page.getByRole('button', { name: 'Купить в 1 клик' }).click()
    const dialog = page.getByRole('dialog', { name: 'Купить в 1 клик' })
    page.on('dialog', (d) => void d.accept())
    await dialog.getByLabel('Имя и фамилия').fill('Ольга Сидорова')
    await dialog.getByLabel('Населенный пункт').fill('Тверь')
    await dialog.getByLabel('Контактный телефон').fill('9161234567')
    await dialog.getByLabel('Email-адрес').fill(`olga.metrika.${Date.now()}@example.ru`)
    const answer = page.waitForResponse((r) => r.url().includes('/ajax/fast-order/') && r.request().method() === 'POST')
    await dialog.getByRole('button', { name: 'Отправить' }).click()
    const order = ((await (await answer).json()) as { DATALAYER_DATA: { transaction_id: string; value: number; items: { item_id: string }[] } }).DATALAYER_DATA
    expect(order.transaction_id).toMatch(/^\d+$/)
    await expect(page).toHaveURL(/\/$/)

    const purchases = await metrikaSaw(page, 'purchase')
    expect(purchases).toHaveLength(1)
    expect(purchases[0]?.ecommerce?.purchase?.actionField).toEqual({ id: order.transaction_id, revenue: order.value })
    // Pushed after the counter had loaded on this page, so it went straight through.
    expect(purchases[0]?.ecommerce?.purchase?.products?.map((p) => p.id)).toEqual(order.items.map((i) => i.item_id))
    const gtmPurchase = (await gtmLog(page)).find((l) => l.entry.event === 'purchase_1click')?.entry as { ecommerce?: { transaction_id?: string } } | undefined
    expect(gtmPurchase?.ecommerce?.transaction_id).toBe(order.transaction_id)
  })
})
