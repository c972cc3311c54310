import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { GET, POST } from '@/app/bitrix/admin/1c_exchange.php/route'
import { db } from '@/db/client'
import { auditLog, exchangeLog, exchangeOffers, orderLines, orders, orderStatusHistory } from '@/db/schema'
import type { XmlNode } from '@/domains/exchange/commerceml'
import { PAYMENT_MESSAGES, paymentOf } from '@/domains/exchange/exchange-orders.server'
import { orderDetail } from '@/domains/orders/order-admin.server'
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
    expect(line!.counts).toEqual({ documents: 3, applied: 1, paid: 0, refused: 2 })
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

/** Issue 21, ADR 199: payment from 1С marks the order paid, once, on its timeline and in the audit. */
describe('payment from 1С', () => {
  let seq = 0
  async function newOrder(status: 'new' | 'awaiting_payment' | 'cancelled' | 'assembling', paid = false): Promise<number> {
    const [row] = await db()
      .insert(orders)
      .values({ status, paidAt: paid ? new Date('2026-11-20T10:00:00Z') : null, paySystemCode: status === 'awaiting_payment' ? 'card' : 'bill', paySystemName: status === 'awaiting_payment' ? 'Картой онлайн' : 'По счёту', deliveryId: '4', deliveryName: 'Курьерская доставка', buyerName: 'Пётр', email: 'petr@example.ru', basePrice: 10000, goodsPrice: 10000, total: 10000, paymentToken: `exchange-pay-${++seq}-${status}` })
      .returning({ id: orders.id })
    return row!.id
  }
  const logOf = async (filename: string) => (await db().select().from(exchangeLog).where(eq(exchangeLog.filename, filename)))[0]!
  const paymentAudit = async (id: number) => db().select().from(auditLog).where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(id)), eq(auditLog.action, 'exchange-payment')))

  it('«Дата оплаты по 1С» moves an order waiting for its online payment to «Оплачен», once; a repeated file changes nothing', async () => {
    const id = await newOrder('awaiting_payment')
    const cookie = await signIn(DEMO.email, DEMO.password, 'sale')
    const file = changesFrom1c([{ id, requisites: { 'Номер оплаты по 1С': 'ПКО-0042', 'Дата оплаты по 1С': '2026-11-26T14:05:00' } }])
    expect((await sendSale(cookie, 'pay-1.xml', file))[0]).toBe('success')
    expect((await sendSale(cookie, 'pay-1b.xml', file))[0]).toBe('success')
    const [row] = await db().select().from(orders).where(eq(orders.id, id))
    expect(row!.status).toBe('paid')
    expect(row!.paidAt).not.toBeNull()
    expect((await logOf('pay-1.xml')).counts).toEqual({ documents: 1, applied: 1, paid: 1, refused: 0 })
    expect((await logOf('pay-1b.xml')).counts).toEqual({ documents: 1, applied: 1, paid: 0, refused: 0 })
    expect(await db().select().from(orderStatusHistory).where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.toStatus, 'paid')))).toHaveLength(1)
    const audit = await paymentAudit(id)
    expect(audit).toHaveLength(1)
    expect(audit[0]!.after).toMatchObject({ text: 'Оплата по данным 1С № ПКО-0042 от 2026-11-26T14:05:00', status: 'paid' })
    const detail = await orderDetail(id, { role: 'owner' })
    expect(detail!.timeline.some((e) => e.title === 'Оплата отмечена по данным 1С' && e.text.includes('ПКО-0042') && e.author === 'Обмен с 1С (демо)')).toBe(true)
    expect(detail!.timeline.some((e) => e.title === 'Статус: «Ожидает оплаты» → «Оплачен»')).toBe(true)
    // Negative control: with the mark taken away by hand, the same file marks the order again, so the
    // checks above would see a second mark if the guard let one through.
    await db().update(orders).set({ status: 'awaiting_payment', paidAt: null }).where(eq(orders.id, id))
    await sendSale(cookie, 'pay-1c.xml', file)
    expect((await logOf('pay-1c.xml')).counts).toMatchObject({ paid: 1 })
    expect(await paymentAudit(id)).toHaveLength(2)
  })

  it('an order paid by invoice keeps its status and gets its payment mark; payment first, so «Оплачен» then moves on with 1С’s status', async () => {
    const byInvoice = await newOrder('assembling')
    const waiting = await newOrder('awaiting_payment')
    const cookie = await signIn(DEMO.email, DEMO.password, 'sale')
    const answer = await sendSale(cookie, 'pay-2.xml', changesFrom1c([{ id: byInvoice, requisites: { Оплачен: 'true' } }, { id: waiting, requisites: { 'Дата оплаты по 1С': '26.11.2026 15:00:00', 'Статус заказа': 'Собирается' } }]))
    expect(answer[0]).toBe('success')
    const rows = new Map((await db().select().from(orders)).map((o) => [o.id, o]))
    expect(rows.get(byInvoice)).toMatchObject({ status: 'assembling' })
    expect(rows.get(byInvoice)!.paidAt).not.toBeNull()
    expect(rows.get(waiting)).toMatchObject({ status: 'assembling' })
    expect(rows.get(waiting)!.paidAt).not.toBeNull()
    expect((await logOf('pay-2.xml')).counts).toEqual({ documents: 2, applied: 2, paid: 2, refused: 0 })
  })

  it('an empty payment date («T», as 1С writes it) is no payment; the shop’s own «Заказ оплачен=false» echoed back is not 1С’s word', async () => {
    const id = await newOrder('awaiting_payment')
    const cookie = await signIn(DEMO.email, DEMO.password, 'sale')
    await sendSale(cookie, 'pay-3.xml', changesFrom1c([{ id, requisites: { 'Дата оплаты по 1С': 'T', 'Номер оплаты по 1С': '', 'Заказ оплачен': 'false', 'Номер по 1С': 'УТ-7' } }]))
    const [row] = await db().select().from(orders).where(eq(orders.id, id))
    expect(row).toMatchObject({ status: 'awaiting_payment', paidAt: null })
    expect(row!.props).toMatchObject({ FITO_ID: 'УТ-7' })
    expect((await logOf('pay-3.xml')).counts).toEqual({ documents: 1, applied: 1, paid: 0, refused: 0 })
    expect(await paymentAudit(id)).toEqual([])
  })

  it('refuses to un-pay an order and to pay a cancelled one, with the reasons in the exchange log, and goes on with the rest', async () => {
    const paid = await newOrder('assembling', true)
    const cancelled = await newOrder('cancelled')
    const other = await newOrder('new')
    const cookie = await signIn(DEMO.email, DEMO.password, 'sale')
    const answer = await sendSale(cookie, 'pay-4.xml', changesFrom1c([{ id: paid, requisites: { Оплачен: 'false' } }, { id: cancelled, requisites: { 'Дата оплаты по 1С': '2026-11-26T10:00:00' } }, { id: other, requisites: { Оплачен: 'true' } }]))
    expect(answer[0]).toBe('success')
    const rows = new Map((await db().select().from(orders)).map((o) => [o.id, o]))
    expect(rows.get(paid)!.paidAt).toEqual(new Date('2026-11-20T10:00:00Z'))
    expect(rows.get(cancelled)).toMatchObject({ status: 'cancelled', paidAt: null })
    expect(rows.get(other)!.paidAt).not.toBeNull()
    const line = await logOf('pay-4.xml')
    expect(line.counts).toEqual({ documents: 3, applied: 1, paid: 1, refused: 2 })
    expect(line.message).toContain(`${paid}: ${PAYMENT_MESSAGES.unpaid}`)
    expect(line.message).toContain(`${cancelled}: ${PAYMENT_MESSAGES.cancelled}`)
    expect(await paymentAudit(paid)).toEqual([])
    expect(await paymentAudit(cancelled)).toEqual([])
  })

  it('reads payment the way CommerceML 2.10 and older configurations write it', () => {
    const doc = (name?: string, text = ''): XmlNode => ({ name: 'Документ', attrs: {}, text: '', children: name ? [{ name, attrs: {}, text, children: [] }] : [] })
    expect(paymentOf(doc('ДатаОплаты', '2026-11-26'))).toEqual({ paid: true, date: '2026-11-26', number: '' })
    expect(paymentOf(doc('Оплачен', 'false'))).toEqual({ paid: false })
    expect(paymentOf(doc('Оплачен', 'true'))).toEqual({ paid: true, date: '', number: '' })
    expect(paymentOf(doc('ДатаОплаты', '0001-01-01T00:00:00'))).toBeNull()
    expect(paymentOf(doc())).toBeNull()
  })
})
