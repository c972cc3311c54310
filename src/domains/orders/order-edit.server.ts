import 'server-only'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { db, type Db, type Tx } from '@/db/client'
import { offers, products, sections } from '@/db/schema/catalog'
import { coupons, paySystems } from '@/db/schema/checkout'
import { orderLines, orders, payments } from '@/db/schema/orders'
import { recordChange } from '@/domains/audit/audit.server'
import { basePriceOf, lineProperties } from '@/domains/cart/cart'
import { productUrl } from '@/domains/catalog/catalog'
import { refundState, sendRefunds } from '@/domains/payment/refund.server'
import { settlePaidEdit } from '@/domains/payment/surcharge.server'
import { formatRub } from '@/lib/money'
import { returnStock, takeStock } from '@/domains/catalog/stock.server'
import { DELIVERY_MESSAGES } from '@/domains/delivery/delivery'
import {
  bookCourierSlot,
  courierSchedule,
  findCity,
  listDeliveryOptions,
  orderDeliveryChoice,
  pickupProvider,
  quoteDeliveryChoice,
  releaseCourierSlot,
  sameSlot,
  usesCourierSlots,
  type CityRow,
  type DeliveryBasketLine,
} from '@/domains/delivery/delivery.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { ORDER_EDIT_MESSAGES as M, deliveryChange, editRefusal, editedTotals, type DeliveryEditChoices, type OrderDeliveryInput, type OrderEditInput } from './order-edit'
import type { OrderLineRow } from './orders.db'
import { orderById, parseSlot, type OrderRow } from './orders.server'

const summary = (lines: readonly Pick<OrderLineRow, 'id' | 'name' | 'quantity' | 'sum'>[]) => lines.map((l) => `${l.name} × ${l.quantity} = ${formatRub(l.sum)}`)

async function lockedOrder(tx: Tx, id: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
  return order
}

async function offerForLine(tx: Tx, offerId: number) {
  const [row] = await tx
    .select({ offer: offers, productName: products.name, productCode: products.code, productId: products.id, productActive: products.active, sectionCode: sections.code })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .where(eq(offers.id, offerId))
  return row
}

/**
 * Changes the lines and the delivery of an order that has not shipped, in one transaction with the
 * order row locked: stock is taken for what is added (refused when short, as at checkout) and given
 * back for what is removed; the delivery is quoted again and the courier slot moved; totals are
 * recomputed by the checkout's rule; a paid order's reduction is refunded (ADR 167) and its increase
 * asks for a surcharge (ADR 169); the audit log
 * keeps before → after, which the order's timeline shows.
 */
export async function editOrder(actor: Actor, orderId: number, input: OrderEditInput): Promise<{ total: number; refunded: number; due: number }> {
  if (input.delivery) await askCarrierFirst(orderId, input.delivery, input)
  const done = await db().transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId)
    if (!order) throw new Refusal('not-found', M.notFound)
    const refusal = editRefusal(order)
    if (refusal) throw new Refusal('conflict', refusal)
    const before = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id)
    // Pieces a manager already refunded by lines (ADR 165): the edit's difference would pay them back twice.
    const refundedPieces = order.paidAt ? (await refundState(tx, orderId)).so.pieces : new Map<number, number>()

    for (const change of input.lines) {
      const line = before.find((l) => l.id === change.id)
      if (!line) throw new Refusal('invalid', M.unknownLine)
      if (line.isGift === 'Y') throw new Refusal('invalid', M.giftLine)
      const delta = change.quantity - line.quantity
      if (delta === 0) continue
      const refunded = refundedPieces.get(line.id) ?? 0
      if (delta < 0 && refunded > 0) throw new Refusal('conflict', M.refundedLine(line.name, refunded))
      if (line.offerId !== null) {
        if (delta > 0 && !(await takeStock(tx, line.offerId, delta, true))) throw new Refusal('conflict', M.noStock(line.name))
        if (delta < 0) await returnStock(tx, line.offerId, -delta)
      }
      if (change.quantity === 0) await tx.delete(orderLines).where(eq(orderLines.id, line.id))
      else await tx.update(orderLines).set({ quantity: change.quantity, sum: line.price * change.quantity }).where(eq(orderLines.id, line.id))
    }

    for (const addition of input.add) {
      const row = await offerForLine(tx, addition.offerId)
      if (!row || !row.offer.active || !row.productActive || row.offer.price <= 0) throw new Refusal('invalid', M.offerGone)
      if (!(await takeStock(tx, row.offer.id, addition.quantity, true))) throw new Refusal('conflict', M.noStock(row.productName))
      const price = row.offer.price
      const base = basePriceOf(price, row.offer.oldPrice)
      const same = (await tx.select().from(orderLines).where(and(eq(orderLines.orderId, orderId), eq(orderLines.offerId, row.offer.id), eq(orderLines.isGift, 'N'))))[0]
      if (same) {
        await tx
          .update(orderLines)
          .set({ quantity: sql`${orderLines.quantity} + ${addition.quantity}`, sum: sql`${orderLines.price} * (${orderLines.quantity} + ${addition.quantity})` })
          .where(eq(orderLines.id, same.id))
      } else {
        await tx.insert(orderLines).values({
          orderId,
          offerId: row.offer.id,
          productId: row.productId,
          name: row.productName,
          link: productUrl(row.sectionCode, row.productCode),
          picture: row.offer.picture,
          properties: lineProperties(row.offer),
          quantity: addition.quantity,
          basePrice: base,
          price,
          sum: price * addition.quantity,
          weightGrams: row.offer.weightGrams,
        })
      }
    }

    const after = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id)
    if (!after.some((l) => l.isGift === 'N')) throw new Refusal('invalid', M.empty)
    const moved = input.delivery ? await moveDelivery(tx, order, after, input.delivery) : null
    const deliveryPrice = moved ? moved.deliveryPrice : order.deliveryPrice
    const [coupon] = order.couponId ? await tx.select({ kind: coupons.kind, value: coupons.value }).from(coupons).where(eq(coupons.id, order.couponId)) : []
    const totals = editedTotals(after, coupon ?? null, deliveryPrice)
    await tx
      .update(orders)
      // goodsPrice is what the goods cost after every discount, the coupon's too, as checkout writes it.
      .set({ ...moved?.set, basePrice: totals.basePrice, goodsPrice: totals.goodsPrice - totals.couponDiscount, discount: totals.discount, deliveryPrice, total: totals.total, weightGrams: totals.weightGrams })
      .where(eq(orders.id, orderId))
    const linesChanged = input.lines.length + input.add.length > 0
    const delivery = moved ? deliveryChange(order, { ...order, ...moved.set, deliveryPrice }, moved.cities) : null
    await recordChange(tx, actor, {
      objectType: 'order',
      objectId: orderId,
      action: 'edit',
      before: { ...(linesChanged ? { lines: summary(before) } : {}), ...(delivery ? { delivery: delivery.before } : {}), total: order.total },
      after: { ...(linesChanged ? { lines: summary(after) } : {}), ...(delivery ? { delivery: delivery.after } : {}), total: totals.total },
    })
    if (!order.paidAt && totals.total !== order.total) {
      // An unpaid online order's open payment asks for the new total: the payment page and the
      // provider's callback both go by the payment's amount, which was the old total.
      await tx.update(payments).set({ amount: totals.total }).where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
    }
    // A paid order's difference, here in the edit's transaction (ADR 167, 169): a surcharge opened,
    // moved or cancelled, a refund recorded. A refusal (nothing paid online, less left than the
    // difference) refuses the edit too, and nothing changes.
    const settled = order.paidAt ? await settlePaidEdit(tx, actor, order, totals.total) : { refunds: [], due: 0 }
    return { total: totals.total, ...settled }
  })
  // The provider is asked after the commit, never inside a transaction (ADR 165).
  if (done.refunds.length) await sendRefunds(db(), done.refunds.map((r) => r.id))
  return { total: done.total, refunded: done.refunds.reduce((sum, r) => sum + r.amount, 0), due: done.due }
}

/** What the delivery domain reads of an order line. */
type DeliveryLineSource = Pick<OrderLineRow, 'id' | 'offerId' | 'isGift' | 'name' | 'price' | 'quantity' | 'weightGrams'>

/** The order's goods as the delivery domain weighs and prices them (the checkout's toDeliveryLines). */
async function deliveryLinesOf(tx: Db | Tx, lines: readonly DeliveryLineSource[]): Promise<DeliveryBasketLine[]> {
  const goods = lines.filter((l) => l.isGift === 'N')
  const ids = goods.flatMap((l) => (l.offerId === null ? [] : [l.offerId]))
  const sizes = ids.length
    ? new Map(
        (
          await tx
            .select({ id: offers.id, widthMm: offers.widthMm, lengthMm: offers.lengthMm, heightMm: offers.heightMm, vatPercent: offers.vatPercent, airRestricted: offers.airRestricted })
            .from(offers)
            .where(inArray(offers.id, ids))
        ).map((r) => [r.id, r] as const),
      )
    : new Map()
  return goods.map((l) => {
    const size = l.offerId === null ? undefined : sizes.get(l.offerId)
    return {
      name: l.name,
      externalId: l.offerId ?? l.id,
      priceKopecks: l.price,
      quantity: l.quantity,
      weight: l.weightGrams,
      width: size?.widthMm,
      length: size?.lengthMm,
      height: size?.heightMm,
      vat: size?.vatPercent,
      aerialRestriction: size?.airRestricted ? 'true' : 'false',
    }
  })
}

/**
 * The order's lines as the edit will leave them, read without a lock: the quantities changed, the
 * lines removed, the offers added (joined to a line of the same offer, as the edit does).
 */
async function plannedLines(orderId: number, input: Pick<OrderEditInput, 'lines' | 'add'>): Promise<DeliveryLineSource[]> {
  const quantities = new Map(input.lines.map((l) => [l.id, l.quantity]))
  const current = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id)
  const lines: DeliveryLineSource[] = current.map((l) => ({ id: l.id, offerId: l.offerId, isGift: l.isGift, name: l.name, price: l.price, weightGrams: l.weightGrams, quantity: l.isGift === 'N' ? (quantities.get(l.id) ?? l.quantity) : l.quantity })).filter((l) => l.quantity > 0)
  for (const addition of input.add) {
    const same = lines.find((l) => l.offerId === addition.offerId && l.isGift === 'N')
    if (same) {
      same.quantity += addition.quantity
      continue
    }
    const [offer] = await db().select({ price: offers.price, weightGrams: offers.weightGrams }).from(offers).where(eq(offers.id, addition.offerId))
    if (offer) lines.push({ id: 0, offerId: addition.offerId, isGift: 'N', name: '', price: offer.price, quantity: addition.quantity, weightGrams: offer.weightGrams })
  }
  return lines
}

/**
 * The carrier's price is asked here, before the edit's transaction: inside it the delivery domain
 * reads only a kept quote and never calls a carrier (priceFor), and the one the order page's menu
 * kept may be older than the hour a quote is kept, or on another instance. The checkout's own quote
 * for the goods the edit leaves keeps the carrier's answer; what it says decides nothing, the
 * transaction quotes again under the order's lock. A carrier that does not answer leaves no kept
 * quote, so the edit is refused with the checkout's text.
 */
async function askCarrierFirst(orderId: number, wanted: OrderDeliveryInput, input: Pick<OrderEditInput, 'lines' | 'add'>): Promise<void> {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
  // A missing or shipped order is refused by the transaction, with its own text.
  if (!order || editRefusal(order)) return
  const city = await editCity(order, wanted.city)
  const [pay] = order.paySystemId ? await db().select({ isCash: paySystems.isCash }).from(paySystems).where(eq(paySystems.id, order.paySystemId)) : []
  await quoteDeliveryChoice(db(), {
    deliveryId: wanted.deliveryId,
    cityCode: city.code,
    pointId: wanted.pointId,
    address: wanted.address,
    slot: wanted.slot,
    basket: await deliveryLinesOf(db(), await plannedLines(orderId, input)),
    postPay: pay?.isCash === true,
  })
}

/**
 * Moves the order to another delivery in its city or in the city asked for (ADR 167 and its
 * addendum): the delivery domain quotes it exactly as at checkout (the goods after the edit, the
 * free-delivery threshold, a cash payment's point), a courier slot that changes is given back and the
 * new one taken once, under the order's lock; a full slot refuses the whole edit, and the transaction
 * gives everything back. A slot names its city, so a slot in the old city is never "the same" as one
 * in the new: the old place is given back.
 */
async function moveDelivery(tx: Tx, order: OrderRow, lines: readonly OrderLineRow[], wanted: OrderDeliveryInput) {
  const [pay] = order.paySystemId ? await tx.select({ isCash: paySystems.isCash }).from(paySystems).where(eq(paySystems.id, order.paySystemId)) : []
  const city = await editCity(order, wanted.city, tx)
  const own = await cityOf(order, tx)
  const choice = await orderDeliveryChoice(tx, {
    deliveryId: wanted.deliveryId,
    cityCode: city.code,
    pointId: wanted.pointId,
    address: wanted.address,
    slot: wanted.slot,
    basket: await deliveryLinesOf(tx, lines),
    postPay: pay?.isCash === true,
  })
  if (!choice.ok) throw new Refusal(choice.message === DELIVERY_MESSAGES.slotFull ? 'conflict' : 'invalid', choice.message)
  const oldSlot = order.slotBookingId ? parseSlot(order.slotBookingId) : null
  if (!sameSlot(oldSlot, choice.slot)) {
    if (oldSlot) await releaseCourierSlot(tx, oldSlot)
    if (choice.slot && !(await bookCourierSlot(tx, choice.slot))) throw new Refusal('conflict', DELIVERY_MESSAGES.slotFull)
  }
  const otherCity = own?.code !== city.code
  return {
    deliveryPrice: choice.priceKopecks,
    set: {
      locationCode: city.code,
      locationName: city.name,
      deliveryId: String(choice.service.id),
      deliveryName: choice.service.name,
      address: choice.address,
      slotBookingId: sameSlot(oldSlot, choice.slot) ? order.slotBookingId : choice.slot && JSON.stringify(choice.slot),
      // Checkout keeps the city's code in the LOCATION property too; an order that has it gets the new one.
      props: { ...order.props, ...choice.props, ...(otherCity && order.props.LOCATION !== undefined ? { LOCATION: city.code } : {}) },
    },
    /** Told on both sides of the audit line when the order changes city. */
    cities: otherCity ? { from: own?.name ?? (order.locationName || order.props.UF_CITY || '—'), to: city.name } : undefined,
  }
}

/**
 * The order's city: the one checkout chose, or for a one-click order (no delivery chosen, 'Уточнит
 * менеджер') the city the buyer typed, when the delivery domain knows it.
 */
async function cityOf(order: OrderRow, via?: Db | Tx) {
  if (order.locationCode) return findCity(order.locationCode, via)
  const typed = order.locationName || order.props.UF_CITY || ''
  return typed ? findCity(typed, via) : undefined
}

/**
 * The city an edit is for (ADR 167's addendum): the one asked for, by its code or name, else the
 * order's own. A city the delivery domain does not know refuses, with the checkout's text.
 */
async function editCity(order: OrderRow, wanted: string | undefined, via?: Db | Tx): Promise<CityRow> {
  const city = wanted ? await findCity(wanted, via) : await cityOf(order, via)
  if (!city) throw new Refusal('invalid', DELIVERY_MESSAGES.unknownCity)
  return city
}

/** Points offered in the form per method: enough to choose from, never a city's thousands at once. */
const POINTS_IN_FORM = 300

/**
 * What the «Изменить доставку» form offers for an order: the methods of its city, or of the city asked
 * for (a code or a name; an unknown one refuses), priced for its goods (as the checkout lists them),
 * their points, the courier's free slots. The edit itself quotes and checks again; this is only the
 * menu.
 */
export async function deliveryEditChoices(order: OrderRow, cityKey?: string): Promise<DeliveryEditChoices> {
  const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id)
  // The order page asks for the order's own city, which a one-click order may name in words the
  // shop does not know: that is an empty menu, where the manager may choose a city, not a refusal.
  const city = cityKey ? await editCity(order, cityKey) : await cityOf(order)
  const cityCode = city?.code ?? ''
  const options = cityCode ? await listDeliveryOptions({ cityCode, basket: await deliveryLinesOf(db(), lines) }) : []
  const points: DeliveryEditChoices['points'] = {}
  for (const option of options) {
    if (option.type === 'courier') continue
    const provider = await pickupProvider(option.handler)
    const list = provider ? await provider.pointsInCity(cityCode) : []
    points[option.id] = list
      .filter((p) => p.active)
      .slice(0, POINTS_IN_FORM)
      .map((p) => ({ id: p.id, label: `${p.name}, ${p.address}` }))
  }
  // Only the shop's own courier has days and windows; a carrier's comes on a day of its own (ADR 212).
  const schedule = options.some((o) => usesCourierSlots(o)) ? await courierSchedule(cityCode) : null
  const slot = order.slotBookingId ? parseSlot(order.slotBookingId) : null
  const courier = order.props.MICRO_SOURCE === 'courier'
  return {
    city: city ? { code: city.code, name: city.name } : { code: '', name: order.locationName || order.props.UF_CITY || '' },
    current: {
      deliveryId: Number(order.deliveryId) || 0,
      pointId: courier ? '' : (order.props.MICRO_POINT_ID ?? ''),
      address: courier ? order.address : '',
      slot: slot ? { date: slot.date, time: slot.time } : null,
      period: courier && !slot && order.props.MICRO_SHIP_DATE_FROM ? { from: order.props.MICRO_SHIP_DATE_FROM, to: order.props.MICRO_SHIP_DATE_TO || order.props.MICRO_SHIP_DATE_FROM } : null,
    },
    options: options.map((o) => ({ id: o.id, name: o.name, type: o.type, slots: usesCourierSlots(o), priceKopecks: o.priceKopecks, periodText: o.periodText, blocked: o.blocked })),
    points,
    courierDays: schedule?.days ?? [],
  }
}

/** GET /api/admin/orders/{id}/delivery-choices: the form's menu for an order, in its city or another. */
export async function orderDeliveryChoices(orderId: number, cityKey?: string): Promise<DeliveryEditChoices> {
  const order = await orderById(db(), orderId)
  if (!order) throw new Refusal('not-found', M.notFound)
  return deliveryEditChoices(order, cityKey)
}
