import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Tx } from '@/db/client'
import { orders } from '@/db/schema'

/**
 * An order paid outside the site (cash, an invoice) that 1С reports paid: its payment mark only, the
 * status untouched. Conditional on no mark yet and no cancel, so a repeated or concurrent file marks
 * it once (ADR 199); false when nothing was written.
 */
export async function markPaidOutsideStatus(tx: Tx, orderId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ paidAt: at })
    .where(and(eq(orders.id, orderId), isNull(orders.paidAt), ne(orders.status, 'cancelled'), ne(orders.status, 'awaiting_payment')))
    .returning({ id: orders.id })
  return rows.length === 1
}
