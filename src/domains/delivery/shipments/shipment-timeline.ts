import type { TimelineEntry } from '@/domains/orders/order-timeline'
import { canTransition, type OrderStatus } from '@/domains/orders/order-status'
import type { ShipmentOutcome, ShipmentStatus } from './shipment-carrier'

/**
 * The carrier's side of an order (ADR 195), pure: its statuses as entries of the order's timeline, and
 * the steps that move the order's own status after the carrier's.
 */

export interface ShipmentTimelineSource {
  carrierName: string
  trackNumber: string
  statuses: readonly ShipmentStatus[]
  /** The carrier refused the registration: its reason, shown at the last read. */
  invalid: { reason: string; at: Date } | null
}

/** One entry per carrier status, «СДЭК: Поступил в пункт выдачи», with the city and the track number. */
export function shipmentTimeline(s: ShipmentTimelineSource): TimelineEntry[] {
  const out: TimelineEntry[] = s.statuses.map((st) => ({
    at: st.at,
    kind: 'status',
    title: `${s.carrierName}: ${st.name}`,
    text: [st.city, s.trackNumber ? `трек-номер ${s.trackNumber}` : ''].filter(Boolean).join(' · '),
    author: null,
  }))
  if (s.invalid) out.push({ at: s.invalid.at.toISOString(), kind: 'status', title: `${s.carrierName}: отправление не принято`, text: s.invalid.reason, author: null })
  return out.sort((a, b) => a.at.localeCompare(b.at))
}

/** What the order's status becomes after a carrier's outcome; returned parcels keep the order as it is (see ADR 195). */
const TARGET: Record<ShipmentOutcome, OrderStatus | null> = { shipped: 'shipped', delivered: 'delivered', returned: null }

/**
 * The steps from the order's status to the one the carrier's outcome means, along the order process
 * (R7): paid → assembling → shipped → delivered. Never through 'paid' (the payment's word) or
 * 'cancelled', never backwards; empty when the order is there already or cannot get there.
 */
export function stepsAfterCarrier(from: OrderStatus, outcome: ShipmentOutcome): OrderStatus[] {
  const target = TARGET[outcome]
  if (!target || from === target) return []
  const seen = new Set<OrderStatus>([from])
  let frontier: OrderStatus[][] = [[]]
  let at: OrderStatus[] = [from]
  while (at.length > 0) {
    const nextAt: OrderStatus[] = []
    const nextFrontier: OrderStatus[][] = []
    at.forEach((status, i) => {
      for (const to of ['assembling', 'shipped', 'delivered'] as const) {
        if (seen.has(to) || !canTransition(status, to)) continue
        seen.add(to)
        nextAt.push(to)
        nextFrontier.push([...frontier[i]!, to])
      }
    })
    const found = nextAt.indexOf(target)
    if (found >= 0) return nextFrontier[found]!
    at = nextAt
    frontier = nextFrontier
  }
  return []
}
