import { expect, test } from '../test'
import { newStaff, signIn } from './admin-kit'

/** Issue 18: a manager's customers and inbox, as the browser shows them. */
test('a manager finds a buyer by e-mail, opens the card, and walks the inbox tabs to the subscribers CSV', async ({ page }) => {
  await signIn(page, await newStaff(page.request, 'manager'), '/admin/customers/')
  await page.getByLabel('Поиск').fill('manager@vitamarket')
  await page.getByRole('button', { name: 'Показать' }).click()
  await expect(page).toHaveURL(/q=manager%40vitamarket/)
  await page.getByRole('link', { name: 'Модератор отзывов' }).click()
  await expect(page.getByRole('heading', { name: 'Модератор отзывов' })).toBeVisible()
  await expect(page.getByText('manager@vitamarket.local')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Удалить личные данные' })).toBeVisible()

  await page.goto('/admin/inbox/')
  const tabs = page.getByRole('navigation', { name: 'Разделы входящих' })
  for (const name of ['Вопросы', 'Сообщения', 'B2B', 'Вебинары']) {
    await tabs.getByRole('link', { name: new RegExp(`^${name}`) }).click()
    await expect(tabs.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-current', 'page')
  }
  await tabs.getByRole('link', { name: /^Подписчики/ }).click()
  const csv = await page.request.get(await page.getByRole('link', { name: 'Скачать CSV' }).getAttribute('href') ?? '')
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
  const bytes = await csv.body()
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe('E-mail;Статус;Страница;Промокод 10%;Подписался;Подтвердил;Отписался')
})
