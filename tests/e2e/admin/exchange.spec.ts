import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext } from '../test'
import { OWNER, signIn } from './admin-kit'

/**
 * Issue 21 (ADR 198): 1С exchanges with the shop through the protocol (the demo exchange account, as
 * 1С's «Обмен с сайтом» does), then the owner reads the exchange log, maps the new 1С group onto a
 * section of the shop and changes an exchange setting. Each run brings its own group, so the
 * projects may share one shop.
 */
const EXCHANGE = { email: 'exchange@example.ru', password: 'exchange-demo-2026' }
const PATH = '/bitrix/admin/1c_exchange.php'

/** A small import.xml in the shape 1С writes: one group, one good in it. */
function importXml(groupId: string, groupName: string, suffix: string): Buffer {
  return Buffer.from(
    `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="2026-11-26T12:00:00">
<Классификатор><Ид>cls-e2e</Ид><Наименование>Классификатор</Наименование><Группы><Группа><Ид>${groupId}</Ид><Наименование>${groupName}</Наименование></Группа></Группы></Классификатор>
<Каталог СодержитТолькоИзменения="true"><Ид>cat-e2e</Ид><ИдКлассификатора>cls-e2e</ИдКлассификатора><Наименование>Каталог</Наименование><Товары>
<Товар><Ид>good-${suffix}</Ид><Артикул>E2E-${suffix}</Артикул><Наименование>Обменин ${suffix} капсулы</Наименование><Группы><Ид>${groupId}</Ид></Группы></Товар>
</Товары></Каталог></КоммерческаяИнформация>`,
    'utf8',
  )
}

/** checkauth → init → file → import until done, and one request that fails; each answer's first line. */
async function exchange(request: APIRequestContext, xml: Buffer): Promise<string[]> {
  const basic = `Basic ${Buffer.from(`${EXCHANGE.email}:${EXCHANGE.password}`).toString('base64')}`
  const auth = await request.get(`${PATH}?type=catalog&mode=checkauth`, { headers: { authorization: basic } })
  const [status, name, value] = (await auth.text()).split('\n')
  expect(status).toBe('success')
  const headers = { cookie: `${name}=${value}` }
  const answers: string[] = []
  answers.push((await (await request.get(`${PATH}?type=catalog&mode=init`, { headers })).text()).split('\n')[0]!)
  answers.push((await (await request.post(`${PATH}?type=catalog&mode=file&filename=import.xml`, { headers, data: xml })).text()).split('\n')[0]!)
  for (let i = 0; i < 20; i++) {
    const first = (await (await request.get(`${PATH}?type=catalog&mode=import&filename=import.xml`, { headers })).text()).split('\n')[0]!
    answers.push(first)
    if (first !== 'progress') break
  }
  answers.push((await (await request.get(`${PATH}?type=catalog&mode=import&filename=absent.xml`, { headers })).text()).split('\n')[0]!)
  return answers
}

test('the owner reads the exchange log, maps a 1С group onto a section and changes an exchange setting', async ({ page, playwright, baseURL }) => {
  const suffix = randomUUID().slice(0, 8)
  const groupId = `grp-e2e-${suffix}`
  const groupName = `Группа обмена ${suffix}`
  // 1С is another client: its own request context, with its own cookie.
  const oneC = await playwright.request.newContext({ baseURL })
  expect(await exchange(oneC, importXml(groupId, groupName, suffix))).toEqual(['zip=yes', 'success', 'success', 'failure'])
  await oneC.dispose()

  await signIn(page, OWNER, '/admin/exchange/')
  await expect(page.getByRole('heading', { level: 1, name: 'Обмен с 1С' })).toBeVisible()
  await expect(page.getByText(`${PATH}`, { exact: false }).first()).toBeVisible()
  const table = page.getByRole('table')
  // Newest first: the failed import of a missing file, then the import of import.xml with its counts.
  const rows = table.getByRole('row')
  await expect(rows.nth(1)).toContainText('absent.xml')
  await expect(rows.nth(1)).toContainText('Ошибка')
  await expect(rows.nth(2)).toContainText('import.xml')
  await expect(rows.nth(2)).toContainText('Успешно')
  await expect(rows.nth(2)).toContainText('групп: 1')
  await expect(rows.nth(2)).toContainText('Обмен с 1С (демо)')

  // Only the failures.
  await page.getByLabel('Итог').selectOption({ label: 'Ошибка' })
  await page.getByRole('button', { name: 'Показать' }).click()
  await page.waitForURL(/outcome=failure/)
  await expect(rows.nth(1)).toContainText('absent.xml')
  expect(await table.getByText('Успешно', { exact: true }).count()).toBe(0)

  // A setting of the exchange: the time of one import step.
  // The settings form is named by its group's heading.
  const settingsForm = () => page.getByRole('form', { name: 'Обмен с 1С' })
  const settings = settingsForm()
  await settings.getByLabel(/Время одного шага загрузки/).fill('15')
  await settings.getByRole('button', { name: 'Сохранить' }).click()
  await expect(settings.getByRole('status')).toHaveText('Сохранено.')
  await page.reload()
  await expect(settingsForm().getByLabel(/Время одного шага загрузки/)).toHaveValue('15')

  // The group 1С sent: a section of its own; mapped onto one of the shop's sections instead.
  await page.getByRole('link', { name: 'Группы 1С и разделы' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Группы 1С и разделы' })).toBeVisible()
  const select = page.getByLabel(groupName)
  await expect(select.locator('option:checked')).toHaveText(groupName)
  const row = page.getByRole('row').filter({ has: select })
  await expect(row).toContainText('Создан обменом')
  const target = (await select.locator('option').allTextContents()).find((name) => name !== groupName && !name.includes('(скрыт)'))!
  await select.selectOption({ label: target })
  await row.getByRole('button', { name: 'Сохранить' }).click()
  await expect(row).toContainText('Сохранено.')
  await page.reload()
  await expect(page.getByLabel(groupName).locator('option:checked')).toHaveText(target)
  await expect(page.getByRole('row').filter({ has: page.getByLabel(groupName) })).toContainText('Выбран в панели')
})
