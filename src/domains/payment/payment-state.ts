import type { PaymentStatus } from '@/db/schema'

/**
 * A payment's own state machine (ADR 172), beside the order's. The stored status says where the
 * money coming in stands; what went back is read from the refunds, so 'refunded' and
 * 'partially_refunded' are derived here rather than stored twice.
 */

export type PaymentState = PaymentStatus | 'partially_refunded' | 'refunded'

/**
 * Allowed moves of the stored status. A late success after a decline is allowed (the money did
 * arrive, ADR 033/155), and so is one after our own cancel of a surcharge (ADR 169): providers decide.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  created: ['pending', 'waiting_for_capture', 'succeeded', 'failed', 'cancelled'],
  pending: ['waiting_for_capture', 'succeeded', 'failed', 'cancelled'],
  waiting_for_capture: ['succeeded', 'cancelled', 'failed'],
  succeeded: [],
  // 'created' again: a provider whose declines are final (ЮKassa) takes a new attempt on the row (ADR 173).
  failed: ['succeeded', 'created'],
  cancelled: ['succeeded'],
}

export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to)
}

/** The statuses a move to `to` may start from: the conditional update's `where status in (…)`. */
export function fromStatesOf(to: PaymentStatus): PaymentStatus[] {
  return (Object.keys(PAYMENT_TRANSITIONS) as PaymentStatus[]).filter((from) => canMove(from, to))
}

export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = {
  created: 'создан',
  pending: 'ожидает оплаты',
  waiting_for_capture: 'ожидает подтверждения',
  succeeded: 'оплачен',
  failed: 'не прошёл',
  cancelled: 'отменён',
  partially_refunded: 'частично возвращён',
  refunded: 'возвращён',
}

/** The state shown for a payment: a succeeded one with refunds that went through is (partly) refunded. */
export function paymentState(status: PaymentStatus, amount: number, refundedSucceeded: number): PaymentState {
  if (status !== 'succeeded' || refundedSucceeded <= 0) return status
  return refundedSucceeded >= amount ? 'refunded' : 'partially_refunded'
}
