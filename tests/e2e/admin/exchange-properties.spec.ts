import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext } from '../test'
import { OWNER, signIn } from './admin-kit'

/**
 * ADR 210: 1С sends a good with a reference property; the owner maps that 1С property onto a filter
 * property on «Свойства 1С и фильтры»; at 1С's next exchange the good gets the value, and the
 * catalogue filters by it. Each run brings its own property, so the projects may share one shop.
 */
const EXCHANGE = { email: 'exchange@example.ru', password: 'exchange-demo-2026' }
const PATH = '/bitrix/admin/1c_exchange.php'

function files(suffix: string, propertyName: string): { importXml: Buffer; offersXml: Buffer } {
  const head =
    '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="2026-11-27T12:00:00">'
  const importXml = `${head}
<Классификатор><Ид>cls-e2e</Ид><Наименование>Классификатор</Наименование><Свойства><Свойство><Ид>prop-${suffix}</Ид><Наименование>${propertyName}</Наименование><ТипЗначений>Справочник</ТипЗначений><ВариантыЗначений><Справочник><ИдЗначения>val-${suffix}</ИдЗначения><Значение>Лимон</Значение></Справочник></ВариантыЗначений></Свойство></Свойства></Классификатор>
<Каталог СодержитТолькоИзменения="true"><Ид>cat-e2e</Ид><ИдКлассификатора>cls-e2e</ИдКлассификатора><Наименование>Каталог</Наименование><Товары>
<Товар><Ид>good-p-${suffix}</Ид><Артикул>E2EP-${suffix}</Артикул><Наименование>Свойстин ${suffix} капсулы</Наименование><ЗначенияСвойств><ЗначенияСвойства><Ид>prop-${suffix}</Ид><Значение>val-${suffix}</Значение></ЗначенияСвойства></ЗначенияСвойств></Товар>
</Товары></Каталог></КоммерческаяИнформация>`
  const offersXml = `${head}
<ПакетПредложений СодержитТолькоИзменения="true"><Ид>cat-e2e#</Ид><Наименование>Пакет</Наименование><ИдКаталога>cat-e2e</ИдКаталога><ИдКлассификатора>cls-e2e</ИдКлассификатора>
<ТипыЦен><ТипЦены><Ид>pt-e2e</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен><Предложения>
<Предложение><Ид>good-p-${suffix}</Ид><Наименование>Свойстин</Наименование><Цены><Цена><ИдТипаЦены>pt-e2e</ИдТипаЦены><ЦенаЗаЕдиницу>590</ЦенаЗаЕдиницу><Валюта>RUB</Валюта></Цена></Цены><Количество>7</Количество></Предложение>
</Предложения></ПакетПредложений></КоммерческаяИнформация>`
  return { importXml: Buffer.from(importXml, 'utf8'), offersXml: Buffer.from(offersXml, 'utf8') }
}

/** checkauth → file → import until done, for each file; the last answer of each. */
async function exchange(request: APIRequestContext, list: Record<string, Buffer>): Promise<string[]> {
  const basic = `Basic ${Buffer.from(`${EXCHANGE.email}:${EXCHANGE.password}`).toString('base64')}`
  const [status, name, value] = (
    await (
      await request.get(`${PATH}?type=catalog&mode=checkauth`, { headers: { authorization: basic } })
    ).text()
  ).split('\n')
  expect(status).toBe('success')
  const headers = { cookie: `${name}=${value}` }
  const answers: string[] = []
  for (const [filename, data] of Object.entries(list)) {
    expect(
      (
        await (
          await request.post(`${PATH}?type=catalog&mode=file&filename=${filename}`, { headers, data })
        ).text()
      ).split('\n')[0],
    ).toBe('success')
    let first = 'progress'
    for (let i = 0; i < 20 && first === 'progress'; i++)
      first = (
        await (await request.get(`${PATH}?type=catalog&mode=import&filename=${filename}`, { headers })).text()
      ).split('\n')[0]!
    answers.push(first)
  }
  return answers
}

test('the owner maps a 1С property onto a filter property, and after the next exchange the catalogue filters by it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const suffix = randomUUID().slice(0, 8)
  const propertyName = `Вкус 1С ${suffix}`
  const code = `e2e${suffix}`
  const oneC = await playwright.request.newContext({ baseURL })
  const { importXml, offersXml } = files(suffix, propertyName)
  expect(await exchange(oneC, { 'import.xml': importXml, 'offers.xml': offersXml })).toEqual([
    'success',
    'success',
  ])

  await signIn(page, OWNER, '/admin/exchange/properties/')
  const created = await page.request.post('/api/admin/filter-properties/', {
    data: { name: `Вкус ${suffix}`, code },
    headers: { origin: new URL(baseURL!).origin },
  })
  expect(created.ok(), await created.text()).toBe(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Свойства 1С и фильтры' })).toBeVisible()
  const select = page.getByLabel(propertyName)
  const row = page.getByRole('row').filter({ has: select })
  await expect(row).toContainText('Справочник · 1 значение')
  await expect(row).toContainText('Не в фильтре')
  await select.selectOption({ label: `Вкус ${suffix}` })
  await row.getByRole('button', { name: 'Сохранить' }).click()
  await expect(row).toContainText('Сохранено.')
  await page.reload()
  await expect(page.getByLabel(propertyName).locator('option:checked')).toHaveText(`Вкус ${suffix}`)
  await expect(page.getByRole('row').filter({ has: page.getByLabel(propertyName) })).toContainText(
    'В фильтре',
  )

  // 1С's next exchange fills the value: a new option «Лимон» of the filter property.
  expect(await exchange(oneC, { 'import.xml': importXml })).toEqual(['success'])
  await oneC.dispose()
  await page.goto(`/catalog/?p_${code}=limon`)
  await expect(page.getByText(`Свойстин ${suffix} капсулы`).first()).toBeVisible()
})
