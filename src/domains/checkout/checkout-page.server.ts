import 'server-only'
import { cookies, headers } from 'next/headers'
import { db } from '@/db/client'
import { findCity } from '@/domains/delivery/delivery.server'
import { cityOfVisitor, toPlace } from '@/domains/delivery/places.server'
import { REGION_COOKIE, type Place } from '@/domains/delivery/delivery'
import { orderForViewer, type OrderLineRow, type OrderRow } from '@/domains/orders/orders.server'
import { paymentProvider } from '@/domains/payment/payment'
import { surchargeDue } from '@/domains/payment/surcharge.server'
import { holdsPayment } from '@/domains/payment/payment.server'
import { buyerOrderState } from '@/domains/orders/order-status'
import { currentSessionCookieId } from '@/domains/session/current-session.server'
import { findSession } from '@/domains/session/session.server'
import { clientIp } from '@/lib/client-ip'
import { env } from '@/lib/env'
import { refreshOrder } from './checkout.server'
import { toCheckoutForm } from './checkout.schema'
import { oneClickHolidayNotice } from './fast-order.server'
import type { RefreshAnswer } from './checkout-wire'

export type CheckoutView =
  | { kind: 'empty' }
  | { kind: 'checkout'; initial: RefreshAnswer; place: Place | null; tilesUrl: string; holidayNotice: string | null }

/** The checkout page's first state, rendered for this visitor only (the page is no-store). */
export async function checkoutView(): Promise<CheckoutView> {
  const cookieId = await currentSessionCookieId()
  // The place the visitor chose elsewhere (the region cookie set by /ajax/places/) starts the form
  // when it has no location of its own: a profile's or one typed in this tab still wins.
  const region = (await cookies()).get(REGION_COOKIE)?.value ?? ''
  // A first visit without one: the city of the visitor's IP address when DaData is set up (ADR 175).
  const known = region ? await findCity(region.slice(0, 100)) : await cityOfVisitor(clientIp(new Request('http://shop.invalid/', { headers: await headers() })))
  const answer = await refreshOrder(cookieId, toCheckoutForm({ RECENT_DELIVERY_VALUE: known?.code ?? '' }))
  if (!('order' in answer) || !answer.order) return { kind: 'empty' }
  const code = answer.order.ORDER_PROP.properties.find((p) => p.IS_LOCATION === 'Y')?.VALUE[0] ?? ''
  const city = code ? await findCity(code) : undefined
  return {
    kind: 'checkout',
    initial: answer,
    place: city ? toPlace(city) : null,
    tilesUrl: env().MAP_TILES_URL,
    holidayNotice: await oneClickHolidayNotice(),
  }
}

export interface ConfirmationView {
  order: OrderRow
  lines: OrderLineRow[]
  statusLabel: string
  statusColor: string
  payUrl: string | null
  invoiceUrl: string | null
  /** A paid order an edit made dearer: the surcharge still to pay (ADR 169), 0 when none. */
  due: number
}

/** The confirmation, only for the session that placed the order or its account (S9); else null → 404. */
export async function confirmationView(rawId: string | string[] | undefined): Promise<ConfirmationView | null> {
  const text = Array.isArray(rawId) ? rawId[0] : rawId
  if (!text || !/^\d{1,10}$/.test(text)) return null
  const session = await findSession(db(), await currentSessionCookieId())
  if (!session) return null
  const found = await orderForViewer(db(), Number(text), { sessionId: session.id, userId: session.userId })
  if (!found) return null
  const { order, lines } = found
  const provider = paymentProvider(order.paySystemCode)
  const due = await surchargeDue(db(), order)
  const state = buyerOrderState(order, { held: order.status === 'awaiting_payment' && (await holdsPayment(db(), order.id)), due })
  return {
    order,
    lines,
    statusLabel: state.label,
    statusColor: state.color,
    // The order's link pays the first payment of an unpaid order, or the surcharge of a paid one.
    payUrl: state.payable ? provider.payUrl(order) : null,
    invoiceUrl: provider.documentUrl(order),
    due,
  }
}
