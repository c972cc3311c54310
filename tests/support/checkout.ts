import { and, eq, sql } from 'drizzle-orm'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { basketLines, offers, orderLines, orderProps, orders, payments, personTypes, pickupPoints } from '@/db/schema'
import { signCallback, type CallbackPayload } from '@/domains/payment/payment'
import { applyCallback, callbackSecret } from '@/domains/payment/payment.server'
import { ensureSession } from '@/domains/session/session.server'
import { POST } from '@/app/local/components/bitrix/sale.order.ajax/ajax.php/route'
import { formPost, newVisitor, type Visitor } from './http'

export const CHECKOUT_URL = '/local/components/bitrix/sale.order.ajax/ajax.php'

/** A guest with these offers in the basket. */
export async function visitorWithBasket(lines: { offerId: number; quantity: number }[], visitor = newVisitor()): Promise<Visitor> {
  const session = await ensureSession(db(), visitor.sessionId)
  for (const l of lines) await db().insert(basketLines).values({ sessionId: session.id, offerId: l.offerId, quantity: l.quantity })
  return visitor
}

/** An active offer with a tracked stock and a price, its stock set to `stock`. */
export async function offerWithStock(stock: number, skip = 0): Promise<{ id: number; price: number; name: string }> {
  const rows = await queryRows<{ id: number; price: number; name: string }>(
    db(),
    sql`select o.id, o.price, p.name from offers o join products p on p.id = o.product_id
        where o.active and p.active and o.stock is not null and o.price >= 30000 order by o.id offset ${skip} limit 1`,
  )
  const row = rows[0]
  if (!row) throw new Error('no offer with stock in the seed')
  await db().update(offers).set({ stock }).where(eq(offers.id, row.id))
  return row
}

export async function propIds(personTypeCode = 'individual'): Promise<Record<string, number>> {
  const rows = await db()
    .select({ id: orderProps.id, code: orderProps.code })
    .from(orderProps)
    .innerJoin(personTypes, eq(personTypes.id, orderProps.personTypeId))
    .where(eq(personTypes.code, personTypeCode))
  return Object.fromEntries(rows.map((r) => [r.code, r.id]))
}

/** An active point of the city; by default one that takes payment on receipt, as cash orders need. */
export async function pickupPoint(cityCode = 'moskva', serviceId = 1, takesPayment = true): Promise<string> {
  const [row] = await db()
    .select({ id: pickupPoints.id })
    .from(pickupPoints)
    .where(
      and(
        eq(pickupPoints.cityCode, cityCode),
        eq(pickupPoints.serviceId, serviceId),
        eq(pickupPoints.active, true),
        eq(pickupPoints.canGetPayment, takesPayment),
      ),
    )
    .orderBy(pickupPoints.id)
    .limit(1)
  if (!row) throw new Error('no pickup point seeded')
  return row.id
}

export async function paySystemId(code: string): Promise<string> {
  const rows = await queryRows<{ id: number }>(db(), sql`select id from pay_systems where code = ${code}`)
  return String(rows[0]?.id ?? '')
}

/** A complete, valid order form for a pickup point, as order[...] fields; `props` overrides by code. */
export async function orderFields(
  opts: { props?: Record<string, string>; pay?: string; deliveryId?: string; key?: string; extra?: Record<string, string> } = {},
): Promise<Record<string, string>> {
  const ids = await propIds()
  const point = await pickupPoint()
  const props: Record<string, string> = {
    PROP_NAME: 'Анна',
    PROP_LASTNAME: 'Иванова',
    PROP_EMAIL: 'anna@example.ru',
    PROP_PHONE: '+7 (912) 345-67-89',
    LOCATION: 'moskva',
    MICRO_SOURCE: 'pvz',
    MICRO_TYPE: 'PVZ',
    MICRO_HANDLER: 'sdek',
    MICRO_POINT_ID: point,
    ...opts.props,
  }
  const fields: Record<string, string> = {
    'order[PERSON_TYPE]': '1',
    'order[PROFILE_ID]': '0',
    'order[DELIVERY_ID]': opts.deliveryId ?? '1',
    'order[PAY_SYSTEM_ID]': opts.pay ?? (await paySystemId('cash')),
    'order[location_type]': 'code',
    ...(opts.key ? { 'order[CHECKOUT_KEY]': opts.key } : {}),
    ...opts.extra,
  }
  for (const [code, value] of Object.entries(props)) {
    const id = ids[code]
    if (id !== undefined) fields[`order[ORDER_PROP_${id}]`] = value
  }
  return fields
}

export async function checkout<T = Record<string, unknown>>(
  action: string,
  fields: Record<string, string>,
  visitor: Visitor,
  opts: { sessid?: string | null } = {},
): Promise<{ status: number; body: T }> {
  const res = await POST(formPost(CHECKOUT_URL, { action, SITE_ID: 's2', via_ajax: 'Y', ...fields }, visitor, opts))
  return { status: res.status, body: (await res.json()) as T }
}

/** A card order of one offer × 2 placed at checkout and paid through the provider's signed callback. */
export async function paidCardOrder(skip: number) {
  const offer = await offerWithStock(20, skip)
  const answer = await checkout<{ order: { ID?: string } }>('saveOrderAjax', await orderFields({ pay: await paySystemId('card') }), await visitorWithBasket([{ offerId: offer.id, quantity: 2 }]))
  const id = Number(answer.body.order.ID)
  const [first] = await db().select().from(payments).where(eq(payments.orderId, id))
  if (!first) throw new Error(`order ${id} has no payment`)
  const paid: CallbackPayload = { paymentId: first.externalId, status: 'succeeded', amount: String(first.amount) }
  if ((await applyCallback(db(), paid, signCallback(paid, callbackSecret()))) !== 'applied') throw new Error(`order ${id} was not paid`)
  const [order] = await db().select().from(orders).where(eq(orders.id, id))
  const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, id))
  if (!order?.paidAt || !line) throw new Error(`order ${id} is not paid`)
  return { order, line, offer, first }
}

/** An order of one offer placed at checkout with the payment method `payCode`, not yet paid. */
export async function placedOrder(payCode: string, skip: number, quantity = 3) {
  const offer = await offerWithStock(20, skip)
  const answer = await checkout<{ order: { ID?: string } }>('saveOrderAjax', await orderFields({ pay: await paySystemId(payCode) }), await visitorWithBasket([{ offerId: offer.id, quantity }]))
  const orderId = Number(answer.body.order.ID)
  if (!orderId) throw new Error(`order not placed: ${JSON.stringify(answer.body)}`)
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId))
  if (!payment) throw new Error(`order ${orderId} has no payment`)
  return { orderId, paymentId: payment.id, offer }
}

/** A gateway's payment started for the buyer: where the buyer is sent, and the gateway's id of it. */
export async function startedPayment(
  start: (q: ReturnType<typeof db>, paymentId: number) => Promise<{ ok: true; confirmationUrl: string } | { ok: false }>,
  paymentId: number,
) {
  const result = await start(db(), paymentId)
  if (!result.ok) throw new Error(`not started: ${JSON.stringify(result)}`)
  const [row] = await db().select().from(payments).where(eq(payments.id, paymentId))
  return { url: result.confirmationUrl, externalId: row!.externalId }
}
