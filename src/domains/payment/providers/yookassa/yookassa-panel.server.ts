import 'server-only'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '@/db/client'
import { paymentReceipts, payments } from '@/db/schema'
import { markedPieces } from '../../receipt-settlement.server'

/**
 * What the back office's order page shows of ЮKassa (ADR 183): held payments with their expiry, the
 * receipt of each payment, and the settlement receipt with the marked pieces it needs codes for.
 */
export async function yookassaPanel(database: Db, orderId: number) {
  const rows = await database
    .select({ id: payments.id, amount: payments.amount, status: payments.status, holdExpiresAt: payments.holdExpiresAt, receiptId: payments.receiptId, receiptStatus: payments.receiptStatus })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'yookassa')))
    .orderBy(asc(payments.id))
  const [settlement] = await database.select().from(paymentReceipts).where(and(eq(paymentReceipts.orderId, orderId), eq(paymentReceipts.kind, 'settlement')))
  return {
    held: rows.filter((p) => p.status === 'waiting_for_capture').map((p) => ({ id: p.id, amount: p.amount, until: p.holdExpiresAt?.toISOString() ?? null })),
    receipts: new Map(rows.map((p) => [p.id, { id: p.receiptId, status: p.receiptStatus }])),
    prepaid: rows.some((p) => p.status === 'succeeded'),
    settlement: settlement ? { status: settlement.status, receiptId: settlement.providerReceiptId, error: settlement.error } : null,
    pieces: rows.some((p) => p.status === 'succeeded') ? await markedPieces(database, orderId) : [],
  }
}
