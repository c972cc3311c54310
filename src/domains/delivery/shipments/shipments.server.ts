import 'server-only'
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm'
import { db as defaultDb, type Db, type Tx } from '@/db/client'
import { auditLog, carrierShipments, offers, orderLines, orders } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import { enqueueMail } from '@/domains/mail/mail.server'
import { CARRIER_PROP, TRACK_PROP } from '@/domains/orders/fulfilment'
import type { TimelineEntry } from '@/domains/orders/order-timeline'
import { changeStatus } from '@/domains/orders/orders.server'
import type { Actor } from '@/domains/staff/permissions'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { Refusal } from '@/lib/refusal'
import { parcelOf, type DeliveryBasketLine } from '../delivery'
import { findCity } from '../delivery.server'
import { packageOf } from '../carriers/carrier'
import { carrierForHandler, SHIPMENT_MESSAGES as M, type ShipmentCarrier, type ShipmentReading, type ShipmentStatus } from './shipment-carrier'
import { SHIPMENT_CARRIERS, shipmentCarrierByCode } from './shipment-carriers.server'
import { shipmentTimeline, stepsAfterCarrier } from './shipment-timeline'

/**
 * Carrier shipments (ADR 188, carrier-neutral since ADR 195): registration from the back office, the
 * re-read of a parcel that every update goes through, a carrier's webhook (unsigned, so it only names
 * which parcel to re-read) and the poll for shipments whose webhook never came. The carrier's part is
 * a ShipmentCarrier (shipment-carriers.server.ts). No call to a carrier runs inside a database
 * transaction: the shipment row is claimed first, the call made, then stored.
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
/** The status a re-read stores when the carrier refused the registration. */
const INVALID = 'INVALID'

export async function shipmentOf(orderId: number, q: Db = defaultDb()): Promise<ShipmentView | null> {
  const [row] = await q.select().from(carrierShipments).where(eq(carrierShipments.orderId, orderId))
  return row && !row.uuid.startsWith(PENDING) ? view(row) : null
}

export interface ShipmentReadiness {
  /** The order goes by a carrier that takes parcels (whether or not it is connected now). */
  carrierOrder: boolean
  /** That carrier's code and name, when it is one. */
  carrier: { code: string; name: string } | null
  canRegister: boolean
  reason: string | null
}

/** What the panel needs to know before offering the button. */
export async function shipmentReadiness(orderId: number, q: Db = defaultDb()): Promise<ShipmentReadiness> {
  const order = (await q.select().from(orders).where(eq(orders.id, orderId)))[0]
  if (!order) return { carrierOrder: false, carrier: null, canRegister: false, reason: M.unknownOrder }
  const found = carrierForHandler(SHIPMENT_CARRIERS, order.props.MICRO_HANDLER)
  if (!found) return { carrierOrder: false, carrier: null, canRegister: false, reason: M.notCarrierOrder }
  // A courier order is the shop's own until a connected carrier can take it to the door.
  if (found.mode === 'courier' && !found.carrier.configured()) return { carrierOrder: false, carrier: null, canRegister: false, reason: M.notCarrierOrder }
  const carrier = { code: found.carrier.code, name: found.carrier.name }
  const refuse = (reason: string) => ({ carrierOrder: true, carrier, canRegister: false, reason })
  const blocker = found.carrier.registrationBlocker()
  if (blocker) return refuse(blocker)
  if (order.status === 'cancelled') return refuse(M.cancelled)
  return { carrierOrder: true, carrier, canRegister: true, reason: null }
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
 * Registers the order's parcel with its carrier: the order must go by a carrier that takes parcels, to
 * a point (or, for a door delivery, to an address), and not be cancelled. A registration the carrier
 * refuses later (INVALID on a re-read) may be sent again.
 */
export async function registerShipment(q: Db, actor: Actor, orderId: number): Promise<ShipmentView> {
  const ready = await shipmentReadiness(orderId, q)
  if (!ready.canRegister) throw new Refusal(ready.reason === M.unknownOrder ? 'not-found' : 'conflict', ready.reason ?? M.notCarrierOrder)
  const order = (await q.select().from(orders).where(eq(orders.id, orderId)))[0]!
  const { carrier, mode } = carrierForHandler(SHIPMENT_CARRIERS, order.props.MICRO_HANDLER)!
  const pointCode = mode === 'pickup' ? (order.props.MICRO_POINT_ID?.trim() ?? '') : ''
  if (mode === 'pickup' && !pointCode) throw new Refusal('conflict', M.noPoint)
  if (mode === 'courier' && !order.address.trim()) throw new Refusal('conflict', M.noAddress)

  // The claim: one row per order, so two clicks never register two parcels.
  const claim = `${PENDING}${orderId}`
  const claimed = await q.transaction(async (tx) => {
    const [existing] = await tx.select().from(carrierShipments).where(eq(carrierShipments.orderId, orderId)).for('update')
    // A claim left by a process that died during the call is stale after 10 minutes.
    const stale = existing?.uuid.startsWith(PENDING) && existing.createdAt.getTime() < now().getTime() - 10 * 60_000
    if (existing && existing.statusCode !== INVALID && !stale) return false
    if (existing) await tx.delete(carrierShipments).where(eq(carrierShipments.id, existing.id))
    await tx.insert(carrierShipments).values({ orderId, carrier: carrier.code, uuid: claim, pointCode })
    return true
  })
  if (!claimed) throw new Refusal('conflict', M.exists)
  const release = () => q.delete(carrierShipments).where(eq(carrierShipments.uuid, claim))

  try {
    const city = await findCity(order.locationCode)
    const basket = await basketOf(q, orderId)
    const pkg = packageOf(parcelOf(basket.lines))
    const outcome = await carrier.register({
      q,
      order: { id: order.id, buyerName: order.buyerName, email: order.email, phone: order.phone, paid: order.paidAt !== null, deliveryKopecks: order.deliveryPrice, lines: basket.items },
      city: city ? { code: city.code, name: city.name, region: city.region } : null,
      lines: basket.lines,
      pkg,
      mode,
      pointCode,
      address: order.address,
    })
    if (!outcome.ok) throw new Refusal('conflict', outcome.message)
    await q.transaction(async (tx) => {
      await tx
        .update(carrierShipments)
        .set({ uuid: outcome.ref, trackNumber: outcome.trackNumber, tariffCode: outcome.tariffCode, statusCode: outcome.statusCode, statusName: outcome.statusName, statusAt: now(), checkedAt: now() })
        .where(eq(carrierShipments.uuid, claim))
      if (outcome.trackNumber) await writeTrack(tx, orderId, carrier, outcome.trackNumber)
      await recordChange(tx, actor, { objectType: 'order', objectId: orderId, action: 'shipment', after: { carrier: carrier.code, uuid: outcome.ref, tariffCode: outcome.tariffCode, pointCode, mode } })
    })
  } catch (error) {
    await release()
    throw error
  }
  return (await shipmentOf(orderId, q))!
}

/** The order's track number, as the back office's fulfilment writes it: the buyer's order page shows it. */
async function writeTrack(tx: Tx, orderId: number, carrier: ShipmentCarrier, track: string) {
  await tx
    .update(orders)
    .set({ props: sql`${orders.props} || ${JSON.stringify({ [TRACK_PROP]: track, [CARRIER_PROP]: carrier.handler })}::jsonb` })
    .where(eq(orders.id, orderId))
}

export type ApplyOutcome = { changed: boolean; mailed: boolean }

function readyMail(order: typeof orders.$inferSelect, carrier: ShipmentCarrier, track: string) {
  const history = `${env().PUBLIC_URL.replace(/\/$/, '')}/personal/orderHistory/`
  const name = order.buyerName.trim()
  return {
    to: order.email,
    subject: `Заказ №${order.id} ждёт вас ${carrier.readyPlace}`,
    text: [
      name ? `Здравствуйте, ${name}!` : 'Здравствуйте!',
      '',
      `Ваш заказ №${order.id} ждёт вас ${carrier.readyPlace}${order.address ? `: ${order.address}` : ''}.`,
      track ? `Трек-номер (${carrier.name}): ${track}.` : '',
      'Возьмите с собой паспорт и не откладывайте: срок хранения ограничен.',
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
    const carrier = shipmentCarrierByCode(row.carrier)
    if (!carrier) return { changed: false, mailed: false }
    const last = reading.statuses.at(-1)
    const next = reading.invalid
      ? { statusCode: INVALID, statusName: carrier.statusNames[INVALID] ?? M.invalid, statusAt: row.statusAt, lastError: reading.invalid, final: true }
      : last
        ? { statusCode: last.code, statusName: last.name, statusAt: new Date(last.at), lastError: '', final: carrier.finalStatuses.has(last.code) }
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
    if (order && track && track !== row.trackNumber) await writeTrack(tx, order.id, carrier, track)
    if (order && next) await followCarrier(tx, order, carrier, next.statusCode)
    let mailed = false
    if (order && next && carrier.readyStatuses.has(next.statusCode) && row.readyMailedAt === null && order.email) {
      await enqueueMail(tx, { ...readyMail(order, carrier, track), dedupeKey: `shipment-ready:${row.id}` })
      await tx.update(carrierShipments).set({ readyMailedAt: now() }).where(eq(carrierShipments.id, row.id))
      mailed = true
    }
    return { changed: true, mailed }
  })
}

/** The audit log's actor of a change the shop made on a carrier's word. */
export const carrierActorLabel = (carrier: ShipmentCarrier) => `Система: ${carrier.name}`

/**
 * Moves the order's own status after the carrier's (ADR 195), inside applyReading's transaction: on
 * its way → «Передан в доставку», handed over → «Доставлен», each step along the order process, with
 * the buyer's usual mail and an audit line by the system. Only a changed reading gets here, and an
 * order already there has no steps, so a replay moves nothing. A returned parcel moves nothing: the
 * process has no way back from «Передан в доставку»; its status is on the timeline for staff to act.
 */
async function followCarrier(tx: Tx, order: typeof orders.$inferSelect, carrier: ShipmentCarrier, statusCode: string) {
  const outcome = carrier.outcomes?.[statusCode]
  if (!outcome) return
  let from = order.status
  for (const to of stepsAfterCarrier(from, outcome)) {
    if (!(await changeStatus(tx, order.id, to))) return
    await tx.insert(auditLog).values({
      staffId: null,
      apiTokenId: null,
      actor: carrierActorLabel(carrier),
      objectType: 'order',
      objectId: String(order.id),
      action: 'status',
      before: { status: from },
      after: { status: to, source: 'carrier', carrier: carrier.code, carrierStatus: statusCode },
    })
    from = to
  }
}

/** The carrier's statuses of an order as entries of its timeline (ADR 195). */
export async function shipmentTimelineOf(q: Db | Tx, orderId: number): Promise<TimelineEntry[]> {
  const [row] = await q.select().from(carrierShipments).where(eq(carrierShipments.orderId, orderId))
  if (!row || row.uuid.startsWith(PENDING)) return []
  const carrier = shipmentCarrierByCode(row.carrier)
  return shipmentTimeline({
    carrierName: carrier?.name ?? row.carrier,
    trackNumber: row.trackNumber,
    statuses: row.statuses,
    invalid: row.statusCode === INVALID ? { reason: row.lastError, at: row.checkedAt } : null,
  })
}

class ShipmentReadError extends Error {}

/** Re-reads one parcel at its carrier and stores the answer; throws when the carrier gave none. */
export async function refreshShipment(uuid: string, q: Db = defaultDb()): Promise<ApplyOutcome> {
  const [row] = await q.select({ carrier: carrierShipments.carrier }).from(carrierShipments).where(eq(carrierShipments.uuid, uuid))
  const carrier = row && shipmentCarrierByCode(row.carrier)
  if (!carrier) throw new ShipmentReadError(`no carrier for shipment ${uuid}`)
  const read = await carrier.read(uuid)
  if (!read.ok) {
    await q.update(carrierShipments).set({ lastError: read.error.slice(0, 500), checkedAt: now() }).where(eq(carrierShipments.uuid, uuid))
    throw new ShipmentReadError(read.error)
  }
  return applyReading(q, uuid, read.reading)
}

/** The back office's «Обновить статус». */
export async function refreshOrderShipment(orderId: number): Promise<ShipmentView> {
  const shipment = await shipmentOf(orderId)
  if (!shipment) throw new Refusal('not-found', M.noShipment)
  if (!shipmentCarrierByCode(shipment.carrier)?.configured()) throw new Refusal('conflict', M.notConfigured)
  try {
    await refreshShipment(shipment.uuid)
  } catch (error) {
    logger.warn({ err: error, orderId }, 'shipment re-read failed')
    throw new Refusal('conflict', M.down)
  }
  return (await shipmentOf(orderId))!
}

/**
 * A carrier's webhook names a parcel (`ref`): carriers sign nothing, so the body is only a hint. A
 * parcel of ours with that carrier is re-read and only the carrier's answer is stored. Anything else is
 * acknowledged and ignored; a failed re-read too (the poll catches up).
 */
export async function rereadOnHint(carrierCode: string, ref: string | undefined): Promise<{ ok: true; applied: boolean }> {
  if (!ref || ref.startsWith(PENDING)) return { ok: true, applied: false }
  const carrier = shipmentCarrierByCode(carrierCode)
  const [row] = await defaultDb()
    .select({ uuid: carrierShipments.uuid })
    .from(carrierShipments)
    .where(and(eq(carrierShipments.uuid, ref), eq(carrierShipments.carrier, carrierCode)))
  if (!row || !carrier?.configured()) return { ok: true, applied: false }
  try {
    const outcome = await refreshShipment(row.uuid)
    return { ok: true, applied: outcome.changed }
  } catch (error) {
    logger.warn({ err: error, uuid: row.uuid, carrier: carrierCode }, 'shipment webhook: re-read failed')
    return { ok: true, applied: false }
  }
}

/** СДЭК's ORDER_STATUS webhook (ADR 188): only the event's type and uuid are read. */
export async function handleCdekWebhook(body: { type: string; uuid?: string | undefined }): Promise<{ ok: true; applied: boolean }> {
  if (body.type !== 'ORDER_STATUS') return { ok: true, applied: false }
  return rereadOnHint('cdek', body.uuid)
}

/** Shipments not final and not read for this long are re-read by the poll. */
export const POLL_AFTER_MS = 50 * 60_000

/** Housekeeping's poll (hourly): the open shipments whose webhook never came. One failure stops nothing. */
export async function pollShipments(limit = 100): Promise<{ read: number; changed: number; failed: number }> {
  const codes = SHIPMENT_CARRIERS.filter((c) => c.configured()).map((c) => c.code)
  if (codes.length === 0) return { read: 0, changed: 0, failed: 0 }
  const due = await defaultDb()
    .select({ uuid: carrierShipments.uuid })
    .from(carrierShipments)
    .where(
      and(
        eq(carrierShipments.final, false),
        inArray(carrierShipments.carrier, codes),
        lt(carrierShipments.checkedAt, new Date(now().getTime() - POLL_AFTER_MS)),
        sql`${carrierShipments.uuid} not like ${PENDING + '%'}`,
      ),
    )
    .orderBy(asc(carrierShipments.checkedAt))
    .limit(limit)
  let changed = 0
  let failed = 0
  for (const { uuid } of due) {
    try {
      if ((await refreshShipment(uuid)).changed) changed++
    } catch (error) {
      failed++
      logger.warn({ err: error, uuid }, 'shipment poll failed')
    }
  }
  return { read: due.length, changed, failed }
}

/**
 * The carrier's last status of each order that has a shipment, as the buyer reads it: «СДЭК: Поступил
 * в пункт выдачи · 06.03.2026, 11:30» (Moscow time). For the buyer's order history.
 */
export async function carrierStatusTexts(orderIds: readonly number[], q: Db = defaultDb()): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map()
  const rows = await q
    .select({ orderId: carrierShipments.orderId, carrier: carrierShipments.carrier, name: carrierShipments.statusName, at: carrierShipments.statusAt, uuid: carrierShipments.uuid })
    .from(carrierShipments)
    .where(inArray(carrierShipments.orderId, [...orderIds]))
  const when = (d: Date) => d.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
  return new Map(
    rows
      .filter((r) => r.name && !r.uuid.startsWith(PENDING))
      .map((r) => [r.orderId, `${shipmentCarrierByCode(r.carrier)?.name ?? r.carrier}: ${r.name}${r.at ? ` · ${when(r.at)}` : ''}`] as const),
  )
}
