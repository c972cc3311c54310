import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { GET, POST } from '@/app/bitrix/admin/1c_exchange.php/route'
import { db } from '@/db/client'
import { exchangeLog, exchangeOffers, orderLines, orders } from '@/db/schema'
import { reloadEnv } from '../support/test-hooks'
import { call, importFile, importXml, offersXml, sendFile, signIn } from './kit'

/** Issue 21: an order round trip with 1С (type=sale, ADR 189): query → success → changes back from 1С. */
const DEMO = { email: 'exchange@example.ru', password: 'exchange-demo-2026' }
const URL_BASE = 'http://localhost:3000/bitrix/admin/1c_exchange.php'
let orderId: number

async function query(cookie: string): Promise<{ text: string; contentType: string }> {
  const response = await GET(new Request(`${URL_BASE}?type=sale&mode=query`, { headers: { cookie, host: 'localhost:3000' } }))
  const contentType = response.headers.get('content-type') ?? ''
  const encoding = /charset=([\w-]+)/.exec(contentType)?.[1] ?? 'utf-8'
  return { text: iconv.decode(Buffer.from(await response.arrayBuffer()), encoding), contentType }
}

const orderIds = (xml: string) => [...xml.matchAll(/<Документ><Ид>(\d+)<\/Ид>/g)].map((m) => Number(m[1]))

function changesFrom1c(documents: { id: number | string; requisites: Record<string, string> }[]): Buffer {
  const body = documents
    .map((d) => `<Документ><Ид>${d.id}</Ид><Номер>${d.id}</Номер><Дата>2026-11-26</Дата><ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль><ЗначенияРеквизитов>${Object.entries(d.requisites).map(([k, v]) => `<ЗначениеРеквизита><Наименование>${k}</Наименование><Значение>${v}</Значение></ЗначениеРеквизита>`).join('')}</ЗначенияРеквизитов></Документ>`)
    .join('')
  return iconv.encode(`<?xml version="1.0" encoding="windows-1251"?><КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08">${body}</КоммерческаяИнформация>`, 'windows-1251')
}

async function sendSale(cookie: string, filename: string, bytes: Buffer): Promise<string[]> {
  const response = await POST(new Request(`${URL_BASE}?type=sale&mode=file&filename=${filename}`, { method: 'POST', headers: { cookie, host: 'localhost:3000' }, body: new Uint8Array(bytes) }))
  return iconv.decode(Buffer.from(await response.arrayBuffer()), 'windows-1251').split('\n')
}

beforeAll(async () => {
  vi.stubEnv('VAR_DIR', mkdtempSync(path.join(tmpdir(), 'exchange-orders-')))
  reloadEnv()
  // A catalogue from 1С, and an order of one of its characteristics with a courier delivery.
  const cookie = await signIn(DEMO.email, DEMO.password)
  await sendFile(cookie, 'import.xml', importXml({ groups: [{ id: 'ord-grp', name: 'Группа заказов' }], goods: [{ id: 'ord-good', name: 'Заказин капсулы', group: 'ord-grp', article: 'ORD-1' }] }))
  await importFile(cookie, 'import.xml')
  await sendFile(cookie, 'offers.xml', offersXml({ onlyChanges: true, offers: [{ id: 'ord-good#ord-char', prices: [{ type: 'pt-retail-0001', value: '500' }], quantity: '10', characteristics: [{ name: 'Вкус', value: 'Вишня' }] }] }))
  await importFile(cookie, 'offers.xml')
  const [link] = await db().select().from(exchangeOffers).where(eq(exchangeOffers.externalId, 'ord-good#ord-char'))
  // Whatever the seed holds is taken first, so the round trip below sees this order alone.
  const first = await signIn(DEMO.email, DEMO.password, 'sale')
  await query(first)
  await call('type=sale&mode=success', { cookie: first })
  const [order] = await db()
    .insert(orders)
    .values({ status: 'new', paySystemCode: 'cash', paySystemName: 'Наличными при получении', deliveryId: '4', deliveryName: 'Курьерская доставка', locationName: 'Москва', address: 'ул. Ленина, д. 1', buyerName: 'Анна Иванова', email: 'anna@example.ru', phone: '+7 (900) 123-45-67', basePrice: 100000, goodsPrice: 100000, deliveryPrice: 29900, total: 129900, paymentToken: 'exchange-test-1' })
    .returning({ id: orders.id })
  orderId = order!.id
  await db().insert(orderLines).values({ orderId, offerId: link!.offerId, name: 'Заказин капсулы (вишня)', quantity: 2, basePrice: 50000, price: 50000, sum: 100000 })
})

afterAll(() => {
  vi.unstubAllEnvs()
  reloadEnv()
})

describe('type=sale', () => {
  it('init answers without zip, query gives the order with buyer, 1С ids of the goods, delivery as a service line, payment and status', async () => {
    const cookie = await signIn(DEMO.email, DEMO.password, 'sale')
    expect((await call('type=sale&mode=init', { cookie })).lines).toEqual(['zip=no', 'file_limit=8388608'])
    const { text, contentType } = await query(cookie)
    expect(contentType).toBe('application/xml; charset=windows-1251')
    expect(text).toMatch(/^<\?xml version="1.0" encoding="windows-1251"\?>/)
    expect(orderIds(text)).toEqual([orderId])
    expect(text).toContain('<Наименование>Анна Иванова</Наименование>')
    expect(text).toContain('<Тип>Почта</Тип><Значение>anna@example.ru</Значение>')
    expect(text).toContain('<Ид>ord-good#ord-char</Ид><Наименование>Заказин капсулы (вишня)</Наименование>')
    expect(text).toContain('<ЦенаЗаЕдиницу>500.00</ЦенаЗаЕдиницу><Количество>2</Количество><Сумма>1000.00</Сумма>')
    expect(text).toMatch(/<Ид>ORDER_DELIVERY<\/Ид><Наименование>Курьерская доставка<\/Наименование>.*<ЦенаЗаЕдиницу>299.00<\/ЦенаЗаЕдиницу>.*<Значение>Услуга<\/Значение>/)
    expect(text).toContain('<Сумма>1299.00</Сумма>')
    expect(text).toContain('<Наименование>Метод оплаты</Наименование><Значение>Наличными при получении</Значение>')
    expect(text).toContain('<Наименование>Статус заказа</Наименование><Значение>Принят</Значение>')
  })

  it('a query without success gives the same orders again; after success they are not given again', async () => {
    const cookie = await signIn(DEMO.email, DEMO.password, 'sale')
    expect(orderIds((await query(cookie)).text)).toEqual([orderId])
    expect(orderIds((await query(cookie)).text)).toEqual([orderId])
    expect((await call('type=sale&mode=success', { cookie })).lines).toEqual(['success'])
    expect(orderIds((await query(cookie)).text)).toEqual([])
  })

  it('applies 1С’s status, its own number and the track number along the transitions table', async () => {
    const cookie = await signIn(DEMO.email, DEMO.password, 'sale')
    expect((await sendSale(cookie, 'orders-1.xml', changesFrom1c([{ id: orderId, requisites: { 'Статус заказа': 'Собирается', 'Номер по 1С': 'УТ-000123' } }])))[0]).toBe('success')
    expect((await sendSale(cookie, 'orders-2.xml', changesFrom1c([{ id: orderId, requisites: { 'Статус заказа': '[F] Отгружен', 'Трек-номер': 'RA123456789RU' } }])))[0]).toBe('success')
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(row).toMatchObject({ status: 'shipped' })
    expect(row!.props).toMatchObject({ FITO_ID: 'УТ-000123', TRACK_NUMBER: 'RA123456789RU' })
  })

  it('refuses a change the transitions table forbids, and an unknown order, without stopping the file; the log names them', async () => {
    const cookie = await signIn(DEMO.email, DEMO.password, 'sale')
    const answer = await sendSale(cookie, 'orders-3.xml', changesFrom1c([{ id: 99999999, requisites: { 'Статус заказа': 'Собирается' } }, { id: orderId, requisites: { 'Статус заказа': 'Собирается' } }, { id: orderId, requisites: { 'Статус заказа': 'Доставлен' } }]))
    expect(answer[0]).toBe('success')
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(row!.status).toBe('delivered')
    const [line] = await db().select().from(exchangeLog).where(eq(exchangeLog.filename, 'orders-3.xml'))
    expect(line!.counts).toEqual({ documents: 3, applied: 1, refused: 2 })
    expect(line!.message).toContain('99999999: Заказ не найден.')
    expect(line!.message).toContain(`${orderId}: Заказ в статусе «Передан в доставку» нельзя перевести в «Собирается».`)
  })

  it('writes the orders in UTF-8 when so configured', async () => {
    vi.stubEnv('EXCHANGE_ENCODING', 'utf-8')
    reloadEnv()
    try {
      const cookie = await signIn(DEMO.email, DEMO.password, 'sale')
      const { text, contentType } = await query(cookie)
      expect(contentType).toBe('application/xml; charset=utf-8')
      expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/)
    } finally {
      vi.stubEnv('EXCHANGE_ENCODING', '')
      reloadEnv()
    }
  })
})
