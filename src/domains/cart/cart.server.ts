import 'server-only'
import { db, type Db, type Tx } from '@/db/client'
import { readSetting, type SettingKey } from '@/domains/settings/settings.server'
import { ensureSession, findSession, ownerOf, type Owner } from '@/domains/session/session.server'
import { cached } from '@/lib/cache'
import { kopecksToRubles, type Kopecks } from '@/lib/money'
import { testHook } from '@/lib/test-hooks'
import { EMPTY_CART, planBasketChange, toCart, type BasketCommand, type BasketItem, type Cart, type LineChange, type OfferFacts } from './cart'
import type { BasketInput } from './cart.schema'
import {
  deleteOwnerLines,
  lockOwner,
  selectBasketItems,
  selectLineQuantities,
  selectOfferFacts,
  setLineQuantity,
} from './cart.db'

export type { BasketItem, Cart, CartLine, LineChange, OfferFacts } from './cart'
export { toCart, orderBlockers, hasUnpricedLine, CART_MESSAGES } from './cart'

/** The basket with offer, product, prices in kopecks, stock, parcel size and air restriction. */
export function loadBasket(database: Db | Tx, owner: Owner): Promise<BasketItem[]> {
  return selectBasketItems(database, owner)
}

/** Empties the owner's basket; checkout calls it inside the order transaction. */
export function clearBasket(tx: Tx, owner: Owner): Promise<void> {
  return deleteOwnerLines(tx, owner)
}

export const MIN_ORDER_SUM_KEY = 'minOrderSum' satisfies SettingKey

/** The minimum order sum from the settings table (kopecks; 0 = none). */
export function loadMinOrderSum(): Promise<Kopecks> {
  return cached(`settings:${MIN_ORDER_SUM_KEY}`, { tags: ['settings'], ttlSeconds: 30 }, async () => {
    return readSetting(db(), MIN_ORDER_SUM_KEY)
  })
}

export async function loadMinOrderRubles(): Promise<number> {
  return kopecksToRubles(await loadMinOrderSum())
}

/** The visitor's cart for pages and GetBasket: reads only, never creates a session row. */
export async function cartOfVisitor(cookieId: string): Promise<Cart> {
  const session = await findSession(db(), cookieId)
  if (!session) return EMPTY_CART
  return toCart(await loadBasket(db(), ownerOf(session)))
}

/** The negative controls switch the limit checks or the owner lock off. */
export const basketGuards = testHook<Readonly<{ limits: boolean; lock: boolean }>>('basket guards', { limits: true, lock: true })

class Refused extends Error {}

/**
 * ACTION Add / Update / Remove: one transaction, the owner locked, the change planned against the
 * limits and written whole, or refused whole (the transaction rolls back, so not even a session row
 * is left behind) and answered with the unchanged cart and productError.
 */
export async function changeBasket(cookieId: string, command: BasketCommand): Promise<Cart> {
  try {
    return await db().transaction(async (tx) => {
      const guards = basketGuards()
      const owner = ownerOf(await ensureSession(tx, cookieId))
      if (guards.lock) await lockOwner(tx, owner)
      const current = await selectLineQuantities(tx, owner)
      const requested = command.action === 'remove' ? [] : command.offerIds
      const plan = planBasketChange(command, current, await selectOfferFacts(tx, requested))
      if (!plan.ok && guards.limits) throw new Refused(plan.error)
      const changes = plan.ok ? plan.changes : unguardedChanges(command, current)
      for (const change of changes) await setLineQuantity(tx, owner, change.offerId, change.quantity)
      return toCart(await loadBasket(tx, owner))
    })
  } catch (error) {
    if (!(error instanceof Refused)) throw error
    return { ...(await cartOfVisitor(cookieId)), productError: error.message }
  }
}

/**
 * Many lines at once where each may be cut to what the limits allow instead of refusing the whole
 * change (repeating an old order, ADR 100). `plan` decides from the owner's current quantities and
 * the offers' facts, under the owner lock, and returns the new quantities and its own report.
 */
export async function refillBasket<R>(
  cookieId: string,
  offerIds: readonly number[],
  plan: (current: ReadonlyMap<number, number>, offers: ReadonlyMap<number, OfferFacts>) => { changes: LineChange[]; report: R },
): Promise<{ cart: Cart; report: R }> {
  return db().transaction(async (tx) => {
    const owner = ownerOf(await ensureSession(tx, cookieId))
    await lockOwner(tx, owner)
    const { changes, report } = plan(await selectLineQuantities(tx, owner), await selectOfferFacts(tx, offerIds))
    for (const change of changes) await setLineQuantity(tx, owner, change.offerId, change.quantity)
    return { cart: toCart(await loadBasket(tx, owner)), report }
  })
}

/** What a shop without limits would write: the negative control of the limit tests. */
function unguardedChanges(command: BasketCommand, current: ReadonlyMap<number, number>) {
  return command.offerIds.map((offerId) => ({
    offerId,
    quantity:
      command.action === 'remove' ? 0 : command.action === 'add' ? (current.get(offerId) ?? 0) + command.quantity : command.quantity,
  }))
}

export async function basketCall(input: BasketInput, cookieId: string): Promise<Cart> {
  if (input.action === 'get') return cartOfVisitor(cookieId)
  return changeBasket(cookieId, input)
}
