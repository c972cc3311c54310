import 'server-only'
import { db, type Tx } from '@/db/client'
import { anonymiseOrdersWithin, cancelWithin, lockOrdersOfPerson } from '@/domains/orders/orders.server'
import type { AjaxContext } from '@/lib/ajax'
import { Refusal } from '@/lib/refusal'
import { newSessionId } from '@/lib/session'
import { ACCOUNT_MESSAGES as M } from './account'
import { lockUser } from './account.db'
import { eraseTracesOf } from './account-deletion.db'
import { requireUser } from './account.server'
import { IN_PROGRESS, ORDER_ACTION_MESSAGES as A, buyerMayCancel } from './order-actions'
import type { DeleteAccountInput } from './order-actions.schema'
import { verifyPassword } from './password-hash.server'
import { allowAttempt, throttleKey } from './throttle.server'

/**
 * The erasure of ADR 100 in the caller's transaction, the account's row already locked: refused
 * while an order is paid and not yet received (`blocked` words it for whoever asked), unpaid orders
 * cancelled, every order kept without the person, the person's traces and the account removed.
 * The buyer's own delete and the back office's anonymisation (152-ФЗ request) both run this.
 * Answers the ids of the orders kept.
 */
export async function eraseAccountWithin(tx: Tx, row: { id: number; email: string }, blocked: (orderIds: readonly number[]) => string): Promise<number[]> {
  const owned = await lockOrdersOfPerson(tx, row.id)
  const busy = owned.filter((o) => IN_PROGRESS.includes(o.status))
  if (busy.length > 0) throw new Refusal('conflict', blocked(busy.map((o) => o.id)))
  for (const order of owned) if (buyerMayCancel(order.status)) await cancelWithin(tx, order)
  const kept = owned.map((o) => o.id)
  await anonymiseOrdersWithin(tx, kept)
  await eraseTracesOf(tx, { id: row.id, email: row.email }, [
    throttleKey('loginAccount', row.email),
    throttleKey('recoveryEmail', row.email),
    throttleKey('passwordCheck', row.id),
  ])
  return kept
}

/** The account's row, locked for an erasure in this transaction; null when there is none. */
export function lockAccountWithin(tx: Tx, userId: number) {
  return lockUser(tx, userId)
}

/**
 * POST /ajax/account-delete/ (152-ФЗ, ADR 100): the person's data is erased, their orders stay for
 * accounting without the person in them, and the browser is signed out. Refused while an order is
 * paid and not yet received (the shop still owes a parcel or a refund and needs the address);
 * unpaid orders are cancelled first, giving back stock, coupon and slot.
 */
export async function deleteAccount(input: DeleteAccountInput, ctx: AjaxContext): Promise<{ status: 'success'; message: string }> {
  const { user } = await requireUser(ctx)
  if (user.hasPassword) {
    if (!input.PASS) throw new Refusal('invalid', A.deletePasswordEmpty)
    if (!(await allowAttempt(db(), [['passwordCheck', user.id]]))) throw new Refusal('limited', M.tooMany)
  }
  await db().transaction(async (tx) => {
    // The row lock orders this against a sign-in merge, a profile save or a second delete.
    const row = await lockUser(tx, user.id)
    if (!row) throw new Refusal('forbidden', M.notSignedIn)
    if (row.passwordHash && !(await verifyPassword(input.PASS, row.passwordHash))) throw new Refusal('forbidden', A.deletePasswordWrong)
    await eraseAccountWithin(tx, row, A.deleteBlocked)
  })
  // Every session of the account went with it; this browser starts again as a new guest.
  ctx.replaceSession(newSessionId())
  return { status: 'success', message: A.deleted }
}
