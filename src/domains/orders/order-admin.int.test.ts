import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { auditLog, coupons, offers, orderNotes, orders, outbox, staff } from '@/db/schema'
import { saveOrder } from '@/domains/checkout/checkout.server'
import { toCheckoutForm } from '@/domains/checkout/checkout.schema'
import { courierSchedule } from '@/domains/delivery/delivery.server'
import type { Actor, StaffRole } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { checkout, offerWithStock, orderFields, visitorWithBasket } from '../../../tests/support/checkout'
import { addOrderNote, allowedSteps, changeOrderStatus, orderDetail } from './order-admin.server'

const actors = {} as Record<StaffRole, Actor>
beforeAll(async () => {
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) {
    const [row] = await db()
      .insert(staff)
      .values({ email: `${role}@orders-admin.test`, name: `Сотрудник ${role}`, role })
      .returning({ id: staff.id, name: staff.name })
    actors[role] = { kind: 'staff', id: row!.id, name: row!.name, role }
  }
})

/** A courier order with a coupon, placed through the checkout: it holds stock, a coupon use and a slot. */
async function courierOrder(skip: number) {
  const offer = await offerWithStock(10, skip)
  await db().update(offers).set({ price: 150_000 }).where(eq(offers.id, offer.id))
  const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])
  await checkout('enterCoupon', { coupon: 'VITA10' }, visitor)
  const day = (await courierSchedule('moskva'))?.days[0]
  if (!day?.times[0]) throw new Error('no courier slot')
  const fields = await orderFields({
    deliveryId: '4',
    props: { MICRO_SOURCE: 'courier', MICRO_TYPE: 'COURIER', MICRO_HANDLER: 'courier', MICRO_POINT_ID: day.times[0], MICRO_SHIP_DATE_FROM: day.date, MICRO_SHIP_DATE_TO: day.date, PROP_ADDRESS: 'Москва, ул. Тверская, д. 1' },
  })
  const flat = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^order\[(.+)\]$/, '$1'), v]))
  const answer = await saveOrder(visitor.sessionId, toCheckoutForm(flat))
  if (!('order' in answer) || !('ID' in answer.order)) throw new Error(`order not placed: ${JSON.stringify(answer)}`)
  return { id: Number(answer.order.ID), offerId: offer.id }
}

async function holdings(offerId: number) {
  const [offer] = await db().select({ stock: offers.stock }).from(offers).where(eq(offers.id, offerId))
  const [coupon] = await db().select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, 'VITA10'))
  const [slots] = await queryRows<{ booked: number }>(db(), sql`select coalesce(sum(booked), 0)::int as booked from courier_slot_load`)
  return { stock: offer?.stock, couponUses: coupon?.used, booked: slots?.booked }
}

async function auditOf(orderId: number) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(orderId))))
}

async function refusal(work: Promise<unknown>): Promise<Refusal> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  if (!(error instanceof Refusal)) throw new Error(`expected a refusal, got ${String(error)}`)
  return error
}

describe('orderDetail: the order page for staff', () => {
  it('shows lines, totals, coupon, courier slot, payment and a timeline with the confirmation mail', async () => {
    const { id } = await courierOrder(60)
    const detail = await orderDetail(id, actors.manager)
    expect(detail).not.toBeNull()
    expect(detail!.lines).toHaveLength(1)
    expect(detail!.lines[0]).toMatchObject({ quantity: 2, gift: false })
    expect(detail!.coupon).toBe('VITA10')
    expect(detail!.totals.discount + detail!.totals.goodsPrice).toBeGreaterThan(0)
    expect(detail!.delivery).toMatchObject({ carrier: 'courier', cityCode: 'moskva', address: 'Москва, ул. Тверская, д. 1', pointId: null })
    expect(detail!.delivery.slot?.date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/)
    expect(detail!.buyer).toMatchObject({ name: expect.stringContaining('Анна'), phone: '+7 (912) 345-67-89' })
    expect(detail!.steps).toEqual(['assembling', 'cancelled'])
    expect(detail!.timeline[0]).toMatchObject({ kind: 'status', title: 'Заказ оформлен: «Принят»' })
    expect(detail!.timeline.some((e) => e.kind === 'mail' && e.text.includes('anna@example.ru'))).toBe(true)
    expect(await orderDetail(2_000_000_000, actors.manager)).toBeNull()
  })
})

describe('addOrderNote', () => {
  it('puts the note on the timeline with its author and audits it', async () => {
    const { id } = await courierOrder(61)
    const note = await addOrderNote(actors.manager, id, { text: 'Покупатель просит позвонить за час' })
    expect(note.author).toBe('Сотрудник manager')
    const detail = await orderDetail(id, actors.manager)
    expect(detail!.timeline.at(-1)).toMatchObject({ kind: 'note', text: 'Покупатель просит позвонить за час', author: 'Сотрудник manager' })
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['note'])
    await expect(refusal(addOrderNote(actors.manager, 2_000_000_000, { text: 'x' }))).resolves.toMatchObject({ kind: 'not-found' })
  })
})

describe('changeOrderStatus', () => {
  it('moves along the table with a note, an author and an audit line; the shipped mail carries the track', async () => {
    const { id } = await courierOrder(62)
    expect(await changeOrderStatus(actors.manager, id, { status: 'assembling', note: 'Собрать сегодня' })).toEqual({ status: 'assembling', changed: true })
    expect(await changeOrderStatus(actors.manager, id, { status: 'assembling' })).toEqual({ status: 'assembling', changed: false })
    expect(await changeOrderStatus(actors.warehouse, id, { status: 'shipped', trackNumber: 'RA123456789RU', carrier: 'russianpost' })).toEqual({ status: 'shipped', changed: true })
    const detail = await orderDetail(id, actors.manager)
    expect(detail!.delivery).toMatchObject({ trackNumber: 'RA123456789RU', carrier: 'russianpost', trackingLink: expect.stringContaining('pochta.ru') })
    const steps = detail!.timeline.filter((e) => e.kind === 'status')
    expect(steps.slice(1)).toMatchObject([
      { title: 'Статус: «Принят» → «Собирается»', text: 'Собрать сегодня', author: 'Сотрудник manager' },
      { title: 'Статус: «Собирается» → «Передан в доставку»', author: 'Сотрудник warehouse' },
    ])
    const [mail] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `order-shipped:${id}`))
    expect(JSON.stringify(mail?.payload)).toContain('RA123456789RU')
    const subject = (mail?.payload as { subject: string }).subject
    expect(detail!.timeline.some((e) => e.kind === 'mail' && e.title === `Письмо «${subject}»: в очереди`)).toBe(true)
    const audit = await auditOf(id)
    expect(audit.map((a) => [a.action, a.staffId])).toEqual([
      ['status', actors.manager.id],
      ['status', actors.warehouse.id],
    ])
    expect(audit[1]?.after).toMatchObject({ status: 'shipped', trackNumber: 'RA123456789RU' })
    expect(detail!.steps).toEqual(['delivered'])
  })

  it('lets the warehouse only ship an assembled order with a track number; refusals change nothing', async () => {
    const { id, offerId } = await courierOrder(63)
    const before = await holdings(offerId)
    expect(allowedSteps(actors.warehouse, 'new')).toEqual([])
    expect(allowedSteps(actors.warehouse, 'assembling')).toEqual(['shipped'])
    expect(allowedSteps(actors.content, 'assembling')).toEqual([])
    await expect(refusal(changeOrderStatus(actors.warehouse, id, { status: 'cancelled' }))).resolves.toMatchObject({ kind: 'forbidden' })
    await expect(refusal(changeOrderStatus(actors.warehouse, id, { status: 'assembling' }))).resolves.toMatchObject({ kind: 'forbidden' })
    await expect(refusal(changeOrderStatus(actors.content, id, { status: 'assembling' }))).resolves.toMatchObject({ kind: 'forbidden' })
    await changeOrderStatus(actors.manager, id, { status: 'assembling' })
    await expect(refusal(changeOrderStatus(actors.warehouse, id, { status: 'shipped' }))).resolves.toMatchObject({ kind: 'invalid' })
    await expect(refusal(changeOrderStatus(actors.manager, id, { status: 'delivered' }))).resolves.toMatchObject({ kind: 'conflict' })
    const [order] = await db().select().from(orders).where(eq(orders.id, id))
    expect(order?.status).toBe('assembling')
    expect((await holdings(offerId)).stock).toBe(before.stock)
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['status'])
  })

  // The gate is moveStatus's conditional update inside cancelWithin, the path used here; its negative
  // control (an unguarded update releases twice) is in orders.int.test.ts.
  it('cancels through the existing path: stock, coupon and slot come back once even when asked three times at once', async () => {
    const base = await holdings((await offerWithStock(10, 64)).id)
    const { id, offerId } = await courierOrder(64)
    const results = await Promise.allSettled([
      changeOrderStatus(actors.manager, id, { status: 'cancelled', note: 'Покупатель передумал' }),
      changeOrderStatus(actors.owner, id, { status: 'cancelled' }),
      changeOrderStatus(actors.manager, id, { status: 'cancelled' }),
    ])
    const changed = results.filter((r) => r.status === 'fulfilled' && r.value.changed)
    expect(changed).toHaveLength(1)
    expect(await holdings(offerId)).toEqual({ ...base, stock: 10 })
    expect((await auditOf(id)).filter((a) => a.action === 'status')).toHaveLength(1)
    const mails = await db().select().from(outbox).where(eq(outbox.dedupeKey, `order-cancelled:${id}`))
    expect(mails).toHaveLength(1)
    await expect(refusal(changeOrderStatus(actors.manager, id, { status: 'assembling' }))).resolves.toMatchObject({ kind: 'conflict' })
  })
})

describe('order notes table', () => {
  it('keeps the staff member of a note', async () => {
    const { id } = await courierOrder(66)
    await addOrderNote(actors.warehouse, id, { text: 'Нет в наличии одной банки' })
    const [row] = await db().select().from(orderNotes).where(eq(orderNotes.orderId, id))
    expect(row).toMatchObject({ staffId: actors.warehouse.id, author: 'Сотрудник warehouse' })
  })
})
