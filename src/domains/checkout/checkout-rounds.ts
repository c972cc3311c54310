/**
 * The checkout rounds (spec section 4 gives two readings; ADR 032 reconciles them). One state, one
 * reducer; the round is derived, never stored, so it cannot disagree with the fields:
 *
 *   round 1 — no location: contact fields and the location input (reading A's "contacts", reading B's 1);
 *   round 2 — a location, but no valid delivery: the delivery list, then the payment list once a
 *             delivery is picked (reading A's "delivery", reading B's 2);
 *   round 3 — a delivery whose required fields are filled: the delivery information block and the
 *             confirmation (reading A's 3 and reading B's 3).
 *
 * Choosing a location clears the delivery (B). After each server refresh the state follows the server:
 * a delivery it no longer offers or marks invalid drops the round to 2, no location drops it to 1 (B).
 */
export type Round = 1 | 2 | 3

export interface RoundState {
  location: string
  deliveryId: string
  /** The chosen delivery's required fields are filled and the server accepted them. */
  deliveryReady: boolean
  paySystemId: string
}

export type RoundEvent =
  | { type: 'location'; code: string }
  | { type: 'delivery'; id: string }
  | { type: 'deliveryFields'; ready: boolean }
  | { type: 'paySystem'; id: string }
  | {
      type: 'refreshed'
      location: string
      /** Ids of the deliveries offered (not blocked). */
      offered: readonly string[]
      /** The delivery the server kept (CHECKED), '' when none. */
      checkedDelivery: string
      /** The kept delivery has no calculation error. */
      deliveryValid: boolean
      checkedPaySystem: string
    }

export const INITIAL_ROUNDS: RoundState = { location: '', deliveryId: '', deliveryReady: false, paySystemId: '' }

export function roundOf(s: RoundState): Round {
  if (!s.location) return 1
  if (!s.deliveryId || !s.deliveryReady) return 2
  return 3
}

export function reduceRounds(s: RoundState, e: RoundEvent): RoundState {
  switch (e.type) {
    case 'location':
      if (e.code === s.location) return s
      return { ...s, location: e.code, deliveryId: '', deliveryReady: false }
    case 'delivery':
      if (!s.location || e.id === s.deliveryId) return s
      return { ...s, deliveryId: e.id, deliveryReady: false }
    case 'deliveryFields':
      return s.deliveryId ? { ...s, deliveryReady: e.ready } : s
    case 'paySystem':
      return { ...s, paySystemId: e.id }
    case 'refreshed': {
      const kept = e.checkedDelivery && e.offered.includes(e.checkedDelivery) ? e.checkedDelivery : ''
      return {
        location: e.location,
        deliveryId: e.location ? kept : '',
        deliveryReady: Boolean(e.location && kept && e.deliveryValid),
        paySystemId: e.checkedPaySystem,
      }
    }
  }
}

export interface VisibleBlocks {
  contacts: boolean
  location: boolean
  deliveries: boolean
  paySystems: boolean
  deliveryInfo: boolean
  confirm: boolean
}

/** Reading A's order inside the rounds: delivery, then payment, then the delivery information block. */
export function visibleBlocks(s: RoundState): VisibleBlocks {
  const round = roundOf(s)
  return {
    contacts: true,
    location: true,
    deliveries: round >= 2,
    paySystems: round >= 2 && s.deliveryId !== '',
    deliveryInfo: s.deliveryId !== '' && s.paySystemId !== '',
    confirm: round === 3,
  }
}
