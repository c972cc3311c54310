import 'server-only'
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm'
import { db as defaultDb, type Db } from '@/db/client'
import { carrierShipments, offers, orderLines, orders } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import { enqueueMail } from '@/domains/mail/mail.server'
import { CARRIER_PROP, TRACK_PROP } from '@/domains/orders/fulfilment'
import type { Actor } from '@/domains/staff/permissions'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { Refusal } from '@/lib/refusal'
import { parcelOf, type DeliveryBasketLine } from '../delivery'
import { findCity } from '../delivery.server'
import { packageOf } from '../carriers/carrier'
import { CdekError, errorText } from '../carriers/cdek/cdek-client.server'
import { CDEK, CDEK_HANDLER } from '../carriers/cdek/cdek'
import { cdekClient } from '../carriers/cdek/cdek.server'
import { activeCarrier } from '../carriers/registry.server'
import {
  FINAL_STATUSES,
  READY_STATUSES,
  SHIPMENT_MESSAGES as M,
  STATUS_NAMES,
  createAnswer,
  orderAnswer,
  orderRequest,
  readOrder,
  type ShipmentReading,
  type ShipmentStatus,
} from './cdek-shipment'

/**
 * СДЭК shipments (ADR 188): registration from the back office (POST /orders), the re-read of an order
 * (GET /orders/{uuid}) that every update goes through, the ORDER_STATUS webhook (unsigned, so it only
 * names which order to re-read) and the poll for shipments whose webhook never came. No call to СДЭК
 * runs inside a database transaction: the shipment row is claimed first, the call made, then stored.
 */

type ShipmentRow = typeof carrierShipments.$inferSelect

export interface ShipmentView {
  orderId: number
  carrier: string
  uuid: string
  trackNumber: string
  tariffCode: number | null
  pointCode: string
  statusCode: string
  statusName: string
  statusAt: string | null
  statuses: ShipmentStatus[]
  readyMailedAt: string | null
  final: boolean
  lastError: string
  createdAt: string
  checkedAt: string
}

function view(r: ShipmentRow): ShipmentView {
  return {
    orderId: r.orderId,
    carrier: r.carrier,
    uuid: r.uuid,
    trackNumber: r.trackNumber,
    tariffCode: r.tariffCode,
    pointCode: r.pointCode,
    statusCode: r.statusCode,
    statusName: r.statusName,
    statusAt: r.statusAt?.toISOString() ?? null,
    statuses: r.statuses,
    readyMailedAt: r.readyMailedAt?.toISOString() ?? null,
    final: r.final,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    checkedAt: r.checkedAt.toISOString(),
  }
}

const PENDING = 'pending:'

export async function shipmentOf(orderId: number, q: Db = defaultDb()): Promise<ShipmentView | null> {
  const [row] = await q.select().from(carrierShipments).where(eq(carrierShipments.orderId, orderId))
  return row && !row.uuid.startsWith(PENDING) ? view(row) : null
}

/** What the panel needs to know before offering the button. */
export async function shipmentReadiness(orderId: number): Promise<{ cdekOrder: boolean; canRegister: boolean; reason: string | null }> {
  const order = (await defaultDb().select().from(orders).where(eq(orders.id, orderId)))[0]
  if (!order) return { cdekOrder: false, canRegister: false, reason: M.unknownOrder }
  if (order.props.MICRO_HANDLER !== CDEK_HANDLER) return { cdekOrder: false, canRegister: false, reason: M.notCdekOrder }
  const refuse = (reason: string) => ({ cdekOrder: true, canRegister: false, reason })
  if (!activeCarrier(CDEK_HANDLER)) return refuse(M.notConfigured)
  if (!env().CDEK_SHIPMENT_POINT) return refuse(M.noShipmentPoint)
  if (order.status === 'cancelled') return refuse(M.cancelled)
  return { cdekOrder: true, canRegister: true, reason: null }
}

async function basketOf(q: Db, orderId: number): Promise<{ lines: DeliveryBasketLine[]; items: { name: string; offerId: number | null; priceKopecks: number; quantity: number; weightGrams: number }[] }> {
  const rows = await q
    .select({ line: orderLines, weight: offers.weightGrams, width: offers.widthMm, length: offers.lengthMm, height: offers.heightMm })
    .from(orderLines)
    .leftJoin(offers, eq(offers.id, orderLines.offerId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id))
  const lines = rows.map((r) => ({
    name: r.line.name,
    externalId: r.line.offerId,
    priceKopecks: r.line.price,
    quantity: r.line.quantity,
    // The offer's own figures; a line whose offer is gone gets the spec's defaults (toCarrierBasketLine).
    weight: r.weight,
    width: r.width,
    length: r.length,
    height: r.height,
  }))
  const items = rows.map((r) => ({
    name: r.line.name,
    offerId: r.line.offerId,
    priceKopecks: r.line.price,
    quantity: r.line.quantity,
    weightGrams: r.weight ?? 100,
  }))
  return { lines, items }
}

/**
 * Registers the order's parcel with СДЭК: the order must go to a СДЭК point and not be cancelled.
 * A refused registration (СДЭК answers INVALID later) may be sent again.
 */
export async function registerCdekShipment(q: Db, actor: Actor, orderId: number): Promise<ShipmentView> {
  const ready = await shipmentReadiness(orderId)
  if (!ready.canRegister) throw new Refusal(ready.reason === M.unknownOrder ? 'not-found' : 'conflict', ready.reason ?? M.notCdekOrder)
  const order = (await q.select().from(orders).where(eq(orders.id, orderId)))[0]!
  const pointCode = order.props.MICRO_POINT_ID?.trim() ?? ''
  if (!pointCode) throw new Refusal('conflict', M.noPoint)

  // The claim: one row per order, so two clicks never register two parcels.
  const claim = `${PENDING}${orderId}`
  const claimed = await q.transaction(async (tx) => {
    const [existing] = await tx.select().from(carrierShipments).where(eq(carrierShipments.orderId, orderId)).for('update')
    // A claim left by a process that died during the call is stale after 10 minutes.
    const stale = existing?.uuid.startsWith(PENDING) && existing.createdAt.getTime() < now().getTime() - 10 * 60_000
    if (existing && existing.statusCode !== 'INVALID' && !stale) return false
    if (existing) await tx.delete(carrierShipments).where(eq(carrierShipments.id, existing.id))
    await tx.insert(carrierShipments).values({ orderId, carrier: CDEK, uuid: claim, pointCode })
    return true
  })
  if (!claimed) throw new Refusal('conflict', M.exists)
  const release = () => q.delete(carrierShipments).where(eq(carrierShipments.uuid, claim))

  try {
    const carrier = activeCarrier(CDEK_HANDLER)!
    const city = await findCity(order.locationCode)
    const basket = await basketOf(q, orderId)
    const pkg = packageOf(parcelOf(basket.lines))
    const quote = city ? await carrier.quote({ q, city, pkg, mode: 'pickup', remote: true }) : null
    if (!quote?.ok) throw new Refusal('conflict', quote && quote.reason === 'down' ? M.down : M.noTariff)
    const body = orderRequest({
      order: { id: order.id, buyerName: order.buyerName, email: order.email, phone: order.phone, paid: order.paidAt !== null, deliveryKopecks: order.deliveryPrice, lines: basket.items },
      tariffCode: quote.value.tariffCode,
      shipmentPoint: env().CDEK_SHIPMENT_POINT ?? '',
      deliveryPoint: pointCode,
      pkg,
    })
    let json: unknown
    try {
      json = await cdekClient().request('POST', 'orders', { body })
    } catch (error) {
      if (error instanceof CdekError && error.kind === 'http' && error.status !== undefined && error.status < 500) {
        throw new Refusal('conflict', `${M.refused}: ${error.message}`)
      }
      logger.warn({ err: error, orderId }, 'СДЭК order registration failed')
      throw new Refusal('conflict', M.down)
    }
    const parsed = createAnswer.safeParse(json)
    const uuid = parsed.success ? parsed.data.entity?.uuid : undefined
    if (!uuid) throw new Refusal('conflict', `${M.refused}: ${errorText(json) || 'нет uuid в ответе'}`)
    await q.transaction(async (tx) => {
      await tx
        .update(carrierShipments)
        .set({ uuid, tariffCode: quote.value.tariffCode, statusCode: 'ACCEPTED', statusName: STATUS_NAMES.ACCEPTED!, statusAt: now(), checkedAt: now() })
        .where(eq(carrierShipments.uuid, claim))
      await recordChange(tx, actor, { objectType: 'order', objectId: orderId, action: 'shipment', after: { carrier: CDEK, uuid, tariffCode: quote.value.tariffCode, pointCode } })
    })
  } catch (error) {
    await release()
    throw error
  }
  return (await shipmentOf(orderId, q))!
}

export type ApplyOutcome = { changed: boolean; mailed: boolean }

function readyMail(order: typeof orders.$inferSelect, track: string) {
  const history = `${env().PUBLIC_URL.replace(/\/$/, '')}/personal/orderHistory/`
  const name = order.buyerName.trim()
  return {
    to: order.email,
    subject: `Заказ №${order.id} ждёт вас в пункте выдачи СДЭК`,
    text: [
      name ? `Здравствуйте, ${name}!` : 'Здравствуйте!',
      '',
      `Ваш заказ №${order.id} поступил в пункт выдачи СДЭК${order.address ? `: ${order.address}` : ''}.`,
      track ? `Номер отправления СДЭК: ${track}.` : '',
      'Возьмите с собой паспорт. Заказ хранится в пункте 7 дней.',
      '',
      `Ваши заказы: ${history}`,
      '',
      'Витамаркет',
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  }
}

/**
 * Stores what a re-read said. Changes nothing when nothing changed (a repeated webhook or poll), and
 * queues the buyer's letter when the parcel is at the point, once per shipment: `readyMailedAt` is set
 * in the same transaction under the row's lock, and the outbox key is per shipment as well.
 */
export async function applyReading(q: Db, uuid: string, reading: ShipmentReading): Promise<ApplyOutcome> {
  return q.transaction(async (tx) => {
    const [row] = await tx.select().from(carrierShipments).where(eq(carrierShipments.uuid, uuid)).for('update')
    if (!row) return { changed: false, mailed: false }
    const last = reading.statuses.at(-1)
    const next = reading.invalid
      ? { statusCode: 'INVALID', statusName: STATUS_NAMES.INVALID!, statusAt: row.statusAt, lastError: reading.invalid, final: true }
      : last
        ? { statusCode: last.code, statusName: last.name, statusAt: new Date(last.at), lastError: '', final: FINAL_STATUSES.has(last.code) }
        : null
    const track = reading.trackNumber || row.trackNumber
    const changed =
      track !== row.trackNumber ||
      (next !== null && (next.statusCode !== row.statusCode || (next.statusAt?.getTime() ?? 0) !== (row.statusAt?.getTime() ?? 0) || next.lastError !== row.lastError))
    if (!changed) {
      await tx.update(carrierShipments).set({ checkedAt: now() }).where(eq(carrierShipments.id, row.id))
      return { changed: false, mailed: false }
    }
    await tx
      .update(carrierShipments)
      .set({ trackNumber: track, ...(next ?? {}), statuses: reading.statuses.length ? reading.statuses : row.statuses, checkedAt: now() })
      .where(eq(carrierShipments.id, row.id))
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update')
    if (order && track && track !== row.trackNumber) {
      // The order's track number, as the back office's fulfilment writes it: the buyer's order page shows it.
      await tx
        .update(orders)
        .set({ props: sql`${orders.props} || ${JSON.stringify({ [TRACK_PROP]: track, [CARRIER_PROP]: CDEK_HANDLER })}::jsonb` })
        .where(eq(orders.id, order.id))
    }
    let mailed = false
    if (order && next && READY_STATUSES.has(next.statusCode) && row.readyMailedAt === null && order.email) {
      await enqueueMail(tx, { ...readyMail(order, track), dedupeKey: `shipment-ready:${row.id}` })
      await tx.update(carrierShipments).set({ readyMailedAt: now() }).where(eq(carrierShipments.id, row.id))
      mailed = true
    }
    return { changed: true, mailed }
  })
}

/** Re-reads one order at СДЭК and stores the answer. */
export async function refreshShipment(uuid: string, q: Db = defaultDb()): Promise<ApplyOutcome> {
  let json: unknown
  try {
    json = await cdekClient().request('GET', `orders/${encodeURIComponent(uuid)}`)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await q.update(carrierShipments).set({ lastError: message.slice(0, 500), checkedAt: now() }).where(eq(carrierShipments.uuid, uuid))
    throw error
  }
  const parsed = orderAnswer.safeParse(json)
  if (!parsed.success) throw new CdekError('invalid', 'СДЭК order: unexpected answer')
  return applyReading(q, uuid, readOrder(parsed.data))
}

/** The back office's «Обновить статус». */
export async function refreshOrderShipment(orderId: number): Promise<ShipmentView> {
  const shipment = await shipmentOf(orderId)
  if (!shipment) throw new Refusal('not-found', M.noShipment)
  try {
    await refreshShipment(shipment.uuid)
  } catch (error) {
    logger.warn({ err: error, orderId }, 'СДЭК order re-read failed')
    throw new Refusal('conflict', M.down)
  }
  return (await shipmentOf(orderId))!
}

/**
 * The ORDER_STATUS webhook. СДЭК signs nothing, so its body is only a hint: an order of ours is re-read
 * at СДЭК and only that answer is stored. Anything else is acknowledged and ignored.
 */
export async function handleCdekWebhook(body: { type: string; uuid?: string | undefined }): Promise<{ ok: true; applied: boolean }> {
  if (body.type !== 'ORDER_STATUS' || !body.uuid || body.uuid.startsWith(PENDING)) return { ok: true, applied: false }
  const [row] = await defaultDb().select({ uuid: carrierShipments.uuid }).from(carrierShipments).where(eq(carrierShipments.uuid, body.uuid))
  if (!row || !activeCarrier(CDEK_HANDLER)) return { ok: true, applied: false }
  try {
    const outcome = await refreshShipment(row.uuid)
    return { ok: true, applied: outcome.changed }
  } catch (error) {
    // The poll reads it later; СДЭК does not repeat a webhook, so an error answer would help nobody.
    logger.warn({ err: error, uuid: row.uuid }, 'СДЭК webhook: re-read failed')
    return { ok: true, applied: false }
  }
}

/** Shipments not final and not read for this long are re-read by the poll. */
export const POLL_AFTER_MS = 50 * 60_000

/** Housekeeping's poll (hourly): the open shipments whose webhook never came. One failure stops nothing. */
export async function pollShipments(limit = 100): Promise<{ read: number; changed: number; failed: number }> {
  if (!activeCarrier(CDEK_HANDLER)) return { read: 0, changed: 0, failed: 0 }
  const due = await defaultDb()
    .select({ uuid: carrierShipments.uuid })
    .from(carrierShipments)
    .where(and(eq(carrierShipments.final, false), lt(carrierShipments.checkedAt, new Date(now().getTime() - POLL_AFTER_MS)), sql`${carrierShipments.uuid} not like ${PENDING + '%'}`))
    .orderBy(asc(carrierShipments.checkedAt))
    .limit(limit)
  let changed = 0
  let failed = 0
  for (const { uuid } of due) {
    try {
      if ((await refreshShipment(uuid)).changed) changed++
    } catch (error) {
      failed++
      logger.warn({ err: error, uuid }, 'СДЭК shipment poll failed')
    }
  }
  return { read: due.length, changed, failed }
}

/**
 * The carrier's last status of each order that has a shipment, as the buyer reads it: «Поступил в пункт
 * выдачи · 06.03.2026, 11:30» (Moscow time). For the buyer's order history.
 */
export async function carrierStatusTexts(orderIds: readonly number[], q: Db = defaultDb()): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map()
  const rows = await q
    .select({ orderId: carrierShipments.orderId, name: carrierShipments.statusName, at: carrierShipments.statusAt, uuid: carrierShipments.uuid })
    .from(carrierShipments)
    .where(inArray(carrierShipments.orderId, [...orderIds]))
  const when = (d: Date) => d.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
  return new Map(
    rows.filter((r) => r.name && !r.uuid.startsWith(PENDING)).map((r) => [r.orderId, `СДЭК: ${r.name}${r.at ? ` · ${when(r.at)}` : ''}`] as const),
  )
}
