import 'server-only'
import type { Db, Tx } from '@/db/client'
import { enqueueMail } from '@/domains/mail/mail.server'
import { env } from '@/lib/env'
import { CARRIER_PROP, TRACK_PROP, trackingLink } from './fulfilment'
import { orderMail, type OrderMailEvent } from './order-mail'
import { deliveryServiceCode, orderById } from './orders.db'

/**
 * Queues the buyer's mail for `event` in the caller's transaction, read from the order as it is now
 * (so a track number written in the same transaction is in it). The outbox's dedupe key makes a
 * second call for the same event queue nothing (ADR 100).
 */
export async function queueOrderMail(q: Db | Tx, orderId: number, event: OrderMailEvent, opts: { dedupe?: boolean } = {}): Promise<void> {
  const order = await orderById(q, orderId)
  if (!order) return
  const track = order.props[TRACK_PROP]?.trim() || null
  const carrier = order.props[CARRIER_PROP]?.trim() || (await deliveryServiceCode(q, order.deliveryId))
  const historyUrl = `${env().PUBLIC_URL.replace(/\/$/, '')}/personal/orderHistory/`
  const mail = orderMail(
    {
      id: order.id,
      email: order.email,
      buyerName: order.buyerName,
      total: order.total,
      deliveryName: order.deliveryName,
      wasPaid: order.paidAt !== null,
      track,
      trackLink: trackingLink(carrier, track),
    },
    event,
    historyUrl,
  )
  if (!mail) return
  const { dedupeKey, ...message } = mail
  // Only the negative control of R6 queues without the key, to show what the key prevents.
  await enqueueMail(q, opts.dedupe === false ? message : { ...message, dedupeKey })
}
