import { env } from '@/lib/env'

/**
 * The guards that keep orders whole under concurrency (reliability R1–R3, R6, R7). Each race test
 * switches one off to prove it can fail (the negative control); outside tests they are always on.
 */
export interface IntegrityGuards {
  /** R1: stock decremented only where enough is left. */
  stock: boolean
  /** R2: one order per checkout key. */
  checkoutKey: boolean
  /** R3: a coupon use counted only below its limit. */
  couponLimit: boolean
  /** R6: a payment applied only while the order still awaits it. */
  paymentOnce: boolean
  /** R7: a status changes only from a status the table allows, so cancel releases once. */
  statusOnce: boolean
}

const ALL_ON: IntegrityGuards = { stock: true, checkoutKey: true, couponLimit: true, paymentOnce: true, statusOnce: true }
let current: IntegrityGuards = { ...ALL_ON }

export function guards(): Readonly<IntegrityGuards> {
  return current
}

/** Test-only: a negative control turns a guard off for one test. */
export function setGuardsForTests(change: Partial<IntegrityGuards> | 'reset'): void {
  if (env().NODE_ENV !== 'test') throw new Error('integrity guards can only be changed in tests')
  current = change === 'reset' ? { ...ALL_ON } : { ...current, ...change }
}
