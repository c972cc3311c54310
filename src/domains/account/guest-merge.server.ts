import 'server-only'
import type { Tx } from '@/db/client'
import { now } from '@/lib/clock'
import { testHook } from '@/lib/test-hooks'
import { lineCap } from '@/domains/cart/cart-limits'
import { deleteLine, giveLineToUser, guestLines, lockUser, moveFavorites, naiveMoveLines, setLineQuantity, userLineFor } from './account.db'

/** Off, the negative control of R9 runs the naive merge that loses lines and ignores caps. */
export const guestMergeGuard = testHook('guest merge guard', true)

/**
 * R9: what a guest put in the basket and favourites becomes the account's on sign-in. No line is
 * lost: a line for an offer the account already holds adds its quantity, capped by the offer's
 * limit (cart-limits); favourites are a set union. Runs inside the sign-in transaction, with the
 * user's row locked so two simultaneous sign-ins of one account merge one after the other.
 */
export async function mergeGuestIntoUser(tx: Tx, sessionId: number, userId: number): Promise<void> {
  await lockUser(tx, userId)
  if (!guestMergeGuard()) {
    await naiveMoveLines(tx, sessionId, userId)
    await moveFavorites(tx, sessionId, userId)
    return
  }
  const at = now()
  for (const line of await guestLines(tx, sessionId)) {
    // An offer out of stock keeps one unit in the line, so the cart can show it as unavailable.
    const cap = Math.max(1, lineCap(line.stock))
    const mine = await userLineFor(tx, userId, line.offerId)
    if (mine) {
      await setLineQuantity(tx, mine.id, Math.min(cap, mine.quantity + line.quantity), at)
      await deleteLine(tx, line.id)
    } else {
      await giveLineToUser(tx, line.id, userId, Math.min(cap, line.quantity), at)
    }
  }
  await moveFavorites(tx, sessionId, userId)
}
