import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { PaymentStatus } from '@/db/schema'
import type { Receipt } from '../../receipt'
import { kopecksOfRoubles } from '../gateway-call.server'

/**
 * Долями partner API v1 (ADR 182), the pure part: wire shapes read with zod at the edge and our
 * receipt lines as its items. Amounts travel in roubles as JSON numbers with at most two decimals
 * (1290.5 for 1 290,50 ₽); inside they are kopecks. The answers' amounts are read whether they come as
 * numbers or as strings.
 */

/**
 * The gateway's code in payments.provider and payment_events: not 'dolyame', which is the pay system's
 * code and the sandbox's rows, so a sandbox payment is never taken for one Долями knows (ADR 182).
 */
export const DOLYAME_GATEWAY = 'dolyame-api'

/** Kopecks as Долями's amount: a JSON number of roubles with two decimals at most. */
export function dolyameAmount(kopecks: number): number {
  return Math.round(kopecks) / 100
}

const money = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const k = kopecksOfRoubles(v)
  if (k === null) {
    ctx.addIssue({ code: 'custom', message: 'not a sum of money' })
    return z.NEVER
  }
  return k
})

export const DOLYAME_STATUSES = ['new', 'approved', 'rejected', 'canceled', 'wait_for_commit', 'committed', 'completed', 'refunded'] as const

/** orders/create: where the buyer goes, and the order's first status. */
export const dolyameCreated = z.looseObject({ status: z.string().max(40), link: z.string().url(), amount: money.optional() })

/** orders/{id}/info: the order as Долями has it now (the only thing acted on). */
export const dolyameInfo = z.looseObject({
  id: z.string().max(64).optional(),
  status: z.string().max(40),
  amount: money,
  residual_amount: money.optional(),
  link: z.string().url().optional(),
})
export type DolyameInfo = z.infer<typeof dolyameInfo>

export const dolyameRefunded = z.looseObject({ amount: money, refund_id: z.union([z.string(), z.number()]).transform(String) })

/** An answer whose body does not matter (commit, cancel): anything JSON or empty. */
export const dolyameAny = z.unknown()

/** POST /payment/notify/dolyame/: unsigned, so only the order's id is taken from it; `info` is read again. */
export const dolyameNotification = z.looseObject({ id: z.string().min(1).max(64), status: z.string().max(40).optional() })
export type DolyameNotification = z.infer<typeof dolyameNotification>

/**
 * Our payment status for Долями's. `wait_for_commit` is a hold: the shop commits it (or cancels it for
 * an order cancelled meanwhile); refunds are our own records, so a refunded order's money still came in.
 */
export function statusOfDolyame(status: string): PaymentStatus | null {
  switch (status) {
    case 'new':
    case 'approved':
      return 'pending'
    case 'wait_for_commit':
      return 'waiting_for_capture'
    case 'committed':
    case 'completed':
    case 'refunded':
      return 'succeeded'
    case 'rejected':
    case 'canceled':
      return 'failed'
    default:
      return null
  }
}

export interface DolyameItem {
  name: string
  quantity: number
  price: number
}

/** Our receipt's lines as Долями's items: the price of one piece, in roubles. */
export function dolyameItems(receipt: Receipt): DolyameItem[] {
  return receipt.lines.map((l) => ({ name: l.name.slice(0, 128), quantity: l.quantity, price: dolyameAmount(l.price) }))
}

/**
 * X-Correlation-ID is a UUID and doubles as the idempotency key: a call we may repeat (commit, a
 * refund) gets one derived from our own key, so a retry sends the same.
 */
export function correlationOf(key: string): string {
  const h = createHash('sha256').update(`dolyame:${key}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`
}
