import { desc, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { editOrderLines } from '@/admin/api/order-edit'
import { POST as fastOrder } from '@/app/ajax/fast-order/route'
import { db } from '@/db/client'
import { auditLog, offers, orderLines, orders } from '@/db/schema'
import { offerWithStock, visitorWithBasket } from '../support/checkout'
import { databaseFingerprint } from '../support/db-snapshot'
import { formPost } from '../support/http'
import { callEndpoint, signedInStaff } from '../support/staff'

const FORM = { UF_NAME: 'Анна Иванова', UF_CITY: 'Москва', UF_PHONE: '+7 (912) 345-67-89', UF_EMAIL: 'anna@example.ru' }

/** A one-click order of two offers (2 and 1 pieces), both with tracked stock of 10 before the order. */
async function placedOrder() {
  const a = await offerWithStock(10, 0)
  const b = await offerWithStock(10, 1)
  const response = await fastOrder(formPost('/ajax/fast-order/', FORM, await visitorWithBasket([{ offerId: a.id, quantity: 2 }, { offerId: b.id, quantity: 1 }])))
  expect(response.status).toBe(200)
  const [order] = await db().select().from(orders).where(eq(orders.email, FORM.UF_EMAIL)).orderBy(desc(orders.id)).limit(1)
  const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order!.id)).orderBy(orderLines.id)
  return { order: order!, lines, a, b }
}
const stock = async (...ids: number[]) => new Map((await db().select({ id: offers.id, stock: offers.stock }).from(offers).where(inArray(offers.id, ids))).map((r) => [r.id, r.stock]))

describe('editing an order before it ships', () => {
  it('changes quantities, removes and adds lines with stock and totals in step, and audits it', async () => {
    const manager = await signedInStaff('manager')
    const { order, lines, a, b } = await placedOrder()
    const c = await offerWithStock(5, 2)
    expect(await stock(a.id, b.id)).toEqual(new Map([[a.id, 8], [b.id, 9]]))
    const lineA = lines.find((l) => l.offerId === a.id)!
    const lineB = lines.find((l) => l.offerId === b.id)!

    const response = await callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { lines: [{ id: lineA.id, quantity: 3 }, { id: lineB.id, quantity: 0 }], add: [{ offerId: c.id, quantity: 2 }] } })
    expect(response.status, await response.clone().text()).toBe(200)

    expect(await stock(a.id, b.id, c.id)).toEqual(new Map([[a.id, 7], [b.id, 10], [c.id, 3]]))
    const after = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id))
    expect(after.map((l) => [l.offerId, l.quantity, l.sum]).sort()).toEqual([[a.id, 3, lineA.price * 3], [c.id, 2, c.price * 2]].sort())
    const [edited] = await db().select().from(orders).where(eq(orders.id, order.id))
    const goods = lineA.price * 3 + c.price * 2
    expect(edited).toMatchObject({ goodsPrice: goods, total: goods + order.deliveryPrice })
    expect(await response.json()).toEqual({ total: goods + order.deliveryPrice })
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.objectId, String(order.id)))
    expect(entry).toMatchObject({ objectType: 'order', action: 'edit', staffId: manager.id })
  })

  it('refuses more than the stock holds, a shipped or paid order, and an empty order, changing nothing', async () => {
    const manager = await signedInStaff('manager')
    const { order, lines, a } = await placedOrder()
    const edit = (body: unknown) => callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body })
    const before = await databaseFingerprint()

    const short = await edit({ lines: [{ id: lines[0]!.id, quantity: 50 }] })
    expect(short.status).toBe(409)
    expect(((await short.json()) as { error: string }).error).toMatch(/не хватает на складе/)
    const empty = await edit({ lines: lines.map((l) => ({ id: l.id, quantity: 0 })) })
    expect(empty.status).toBe(400)
    expect(await databaseFingerprint()).toEqual(before)

    await db().update(orders).set({ paidAt: new Date() }).where(eq(orders.id, order.id))
    expect((await edit({ add: [{ offerId: a.id, quantity: 1 }] })).status).toBe(409)
    await db().update(orders).set({ paidAt: null, status: 'shipped' }).where(eq(orders.id, order.id))
    expect((await edit({ add: [{ offerId: a.id, quantity: 1 }] })).status).toBe(409)
  })
})
