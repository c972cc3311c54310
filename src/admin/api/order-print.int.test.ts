import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { orderLines, orders } from '@/db/schema'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { printOrdersEndpoint } from './order-print'

/** GET /api/admin/orders/print: the print forms as a PDF, for staff who may read orders. */
let first = 0
let second = 0

async function insertOrder(buyerName: string): Promise<number> {
  const [row] = await db()
    .insert(orders)
    .values({ buyerName, phone: '+7 921 555-44-33', email: 'print@example.ru', locationName: 'Москва', deliveryName: 'Курьер', basePrice: 125_000, goodsPrice: 125_000, total: 125_000, paymentToken: `print-${buyerName}` })
    .returning({ id: orders.id })
  await db().insert(orderLines).values({ orderId: row!.id, name: 'Омега-3 Форте', properties: { 'Фасовка': '60 капсул' }, quantity: 2, basePrice: 62_500, price: 62_500, sum: 125_000 })
  return row!.id
}

beforeAll(async () => {
  first = await insertOrder('Пётр Сидоров')
  second = await insertOrder('Анна Петрова')
})

async function pdfOf(answer: Response): Promise<string> {
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toBe('application/pdf')
  // latin1 keeps every byte, so the ASCII parts of the file read as text.
  return Buffer.from(await answer.arrayBuffer()).toString('latin1')
}

describe('GET /api/admin/orders/print', () => {
  it('answers the owner a PDF of the invoices of several orders, one page each, naming their numbers', async () => {
    const owner = await signedInStaff('owner')
    const pdf = await pdfOf(await callEndpoint(printOrdersEndpoint, owner, { query: `ids=${first},${second}&form=invoice` }))
    expect(pdf.startsWith('%PDF-')).toBe(true)
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true)
    expect(pdf).toContain(`(orders: ${first}, ${second})`)
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(2)
    // The Cyrillic font is embedded, not left to the reader's machine.
    expect(pdf).toMatch(/\/FontFile2/)
  })

  it('answers the packing slip of one order to the warehouse', async () => {
    const warehouse = await signedInStaff('warehouse')
    const answer = await callEndpoint(printOrdersEndpoint, warehouse, { query: `ids=${first}&form=packing` })
    expect(answer.headers.get('content-disposition')).toContain(encodeURIComponent(`Упаковочный лист № ${first}.pdf`))
    const pdf = await pdfOf(answer)
    expect(pdf).toContain(`(orders: ${first})`)
  })

  it('refuses the content editor with 403, a missing order with 404 naming it, a bad query with 400', async () => {
    const content = await signedInStaff('content')
    const refused = await callEndpoint(printOrdersEndpoint, content, { query: `ids=${first}&form=invoice` })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('content-type')).not.toBe('application/pdf')

    const manager = await signedInStaff('manager')
    const missing = await callEndpoint(printOrdersEndpoint, manager, { query: `ids=${first},999999&form=invoice` })
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: string }).error).toBe('Заказ не найден: № 999999.')
    expect((await callEndpoint(printOrdersEndpoint, manager, { query: 'ids=abc' })).status).toBe(400)
    const none = await callEndpoint(printOrdersEndpoint, manager)
    expect(none.status).toBe(404)
    expect(((await none.json()) as { error: string }).error).toBe('Не выбраны заказы для печати.')
    expect((await callEndpoint(printOrdersEndpoint, manager, { query: `ids=${first}&form=act` })).status).toBe(400)
  })

  it('refuses a caller without a session with 401', async () => {
    expect((await callEndpoint(printOrdersEndpoint, {}, { query: `ids=${first}` })).status).toBe(401)
  })
})
