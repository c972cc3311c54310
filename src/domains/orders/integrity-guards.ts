import { testHook } from '@/lib/test-hooks'

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
  /** R3: a coupon's per-buyer limit counted again under the coupon's row lock. */
  couponPerBuyer: boolean
  /** R6: a payment applied only while the order still awaits it. */
  paymentOnce: boolean
  /** R7: a status changes only from a status the table allows, so cancel releases once. */
  statusOnce: boolean
}

const ALL_ON: Readonly<IntegrityGuards> = { stock: true, checkoutKey: true, couponLimit: true, couponPerBuyer: true, paymentOnce: true, statusOnce: true }

export const guards = testHook<Readonly<IntegrityGuards>>('integrity guards', ALL_ON)
