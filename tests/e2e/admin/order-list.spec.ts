import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '../test'
import { OFFER_ID, sessid } from '../checkout-kit'
import { newStaff, signIn } from './admin-kit'

/**
 * The order list's tools (issue 18): two statuses at once, a sort the filter form keeps, a saved view
 * opened again from its tab, and the chosen rows exported as CSV.
 */
test('a manager filters by two statuses, sorts, keeps the sort on a new filter, saves and reopens a view, exports the chosen rows', async ({ page, browser, baseURL }) => {
  const tail = `${Date.now()}${Math.floor(Math.random() * 1000)}`
  const email = `list${tail}@example.ru`
  const buyerContext = await browser.newContext({ baseURL })
  const buyer = await buyerContext.newPage()
  await buyer.goto('/')
  const form = { sessid: await sessid(buyer) }
  for (const quantity of [1, 3, 2]) {
    expect((await buyer.request.post('/ajax/basket/', { form: { ...form, ACTION: 'Add', ID: String(OFFER_ID), QUANTITY: String(quantity) } })).ok()).toBe(true)
    const placed = await buyer.request.post('/ajax/fast-order/', { form: { ...form, UF_NAME: 'Лидия Списочная', UF_CITY: 'Москва', UF_PHONE: '+7 (916) 555-01-02', UF_EMAIL: email } })
    expect(placed.ok(), await placed.text()).toBe(true)
  }
  await buyerContext.close()

  await signIn(page, await newStaff(page.request, 'manager'), '/admin/orders/')
  // The three orders, oldest first; the dearest goes into assembly and the cheapest is cancelled.
  const found = (await (await page.request.get(`/api/admin/orders/?q=${encodeURIComponent(email)}&sort=created`)).json()) as { items: { id: number; total: number }[] }
  expect(found.items).toHaveLength(3)
  const [cheap, dear, middle] = found.items as [{ id: number; total: number }, { id: number; total: number }, { id: number; total: number }]
  expect(cheap.total < middle.total && middle.total < dear.total).toBe(true)
  expect((await page.request.post(`/api/admin/orders/${dear.id}/status/`, { data: { status: 'assembling' } })).ok()).toBe(true)
  expect((await page.request.post(`/api/admin/orders/${cheap.id}/status/`, { data: { status: 'cancelled' } })).ok()).toBe(true)

  const statuses = page.getByRole('group', { name: 'Статус' })
  await page.getByLabel('Поиск').fill(email)
  await statuses.getByText('Принят', { exact: true }).click()
  await statuses.getByText('Собирается', { exact: true }).click()
  await page.getByRole('button', { name: 'Показать' }).click()
  await expect(page).toHaveURL(/status=new/)
  await expect(page).toHaveURL(/status=assembling/)
  await expect.poll(() => rowIds(page)).toEqual([middle.id, dear.id])
  await expect(statuses.getByRole('checkbox', { name: 'Принят' })).toBeChecked()
  await expect(statuses.getByRole('checkbox', { name: 'Собирается' })).toBeChecked()

  await page.getByRole('link', { name: /^Сумма/ }).click()
  await expect(page).toHaveURL(/sort=-total/)
  await expect.poll(() => rowIds(page)).toEqual([dear.id, middle.id])

  // A third status through the form: the sort by sum stays, the list starts on its first page.
  await statuses.getByText('Отменён', { exact: true }).click()
  await page.getByRole('button', { name: 'Показать' }).click()
  await expect(page).toHaveURL(/status=cancelled/)
  await expect(page).toHaveURL(/sort=-total/)
  await expect.poll(() => rowIds(page)).toEqual([dear.id, middle.id, cheap.id])

  const views = page.getByRole('navigation', { name: 'Сохранённые виды' })
  const name = `Лидия ${tail.slice(-5)}`
  await views.getByRole('button', { name: '+ Сохранить вид' }).click()
  await page.getByLabel('Название вида').fill(name)
  await views.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(views.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
  const saved = new URL(page.url()).search

  await views.getByRole('link', { name: 'Все заказы' }).click()
  await expect(page).toHaveURL(/\/admin\/orders\/$/)
  await expect(views.getByRole('link', { name: 'Все заказы' })).toHaveAttribute('aria-current', 'page')
  await expect(statuses.getByRole('checkbox', { name: 'Отменён' })).not.toBeChecked()

  await views.getByRole('link', { name }).click()
  await expect(views.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
  await expect.poll(() => rowIds(page)).toEqual([dear.id, middle.id, cheap.id])
  for (const s of ['Принят', 'Собирается', 'Отменён']) await expect(statuses.getByRole('checkbox', { name: s })).toBeChecked()
  await expect(page.getByLabel('Поиск')).toHaveValue(email)
  expect(new URLSearchParams(new URL(page.url()).search).get('sort')).toBe(new URLSearchParams(saved).get('sort'))

  // Two of the three rows, exported in the list's order.
  await page.locator(`tbody tr[data-row="${dear.id}"]`).getByRole('checkbox', { name: 'Выбрать' }).check()
  await page.locator(`tbody tr[data-row="${cheap.id}"]`).getByRole('checkbox', { name: 'Выбрать' }).check()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Выгрузить в CSV' }).click()])
  const bytes = await readFile((await download.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n')
  expect(lines[0]?.startsWith('Номер;Дата;Статус')).toBe(true)
  expect(lines.slice(1).map((l) => Number(l.split(';')[0]))).toEqual([dear.id, cheap.id])

  page.once('dialog', (dialog) => void dialog.accept())
  await views.getByRole('button', { name: `Удалить вид «${name}»` }).click()
  await expect(views.getByRole('link', { name })).toHaveCount(0)
})

async function rowIds(page: Page): Promise<number[]> {
  return (await page.locator('tbody tr[data-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row')))).map(Number)
}
