'use client'

/**
 * The visitor's cart and favourites in the browser: one store for the whole page, filled at page start
 * by GetBasket and favourites get (the spec's page mounting), changed only through /ajax/basket/ and
 * /ajax/favorites/. A module-level store read with useSyncExternalStore, so any island (buy buttons in
 * cached catalogue HTML, the header, the cart page) shares it without a wrapping provider.
 */
import { useSyncExternalStore } from 'react'
import { trackEcommerce, type AnalyticsItem } from '@/domains/analytics/data-layer'
import { AjaxCallError, postForm } from '@/lib/ajax-client'
import { inOwnTask } from '@/lib/own-task'
import { EMPTY_CART, type Cart, type CartLine } from '../cart'

export interface VisitorState {
  cart: Cart
  favorites: readonly number[]
  /** True while any basket or favourites request is in flight (and before the first load ends). */
  loading: boolean
  loaded: boolean
}

const initial: VisitorState = { cart: EMPTY_CART, favorites: [], loading: true, loaded: false }
let state: VisitorState = initial
let inFlight = 0
/**
 * How many carts the calls that change the basket have answered. A read (GetBasket) that was in flight
 * while one of them answered may have been served before that change: its cart is older and is dropped.
 */
let changesAnswered = 0
let started: Promise<void> | null = null
const listeners = new Set<() => void>()

function set(patch: Partial<VisitorState>): void {
  // A patch that changes nothing keeps the snapshot: the page start's «loading» (already true) would
  // otherwise re-render every island that reads the store, synchronously, right after hydration.
  if ((Object.keys(patch) as (keyof VisitorState)[]).every((key) => Object.is(state[key], patch[key]))) return
  state = { ...state, ...patch }
  for (const l of listeners) l()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useVisitorState(): VisitorState {
  return useSyncExternalStore(subscribe, () => state, () => initial)
}

async function track<T>(run: () => Promise<T>): Promise<T> {
  inFlight++
  set({ loading: true })
  try {
    return await run()
  } finally {
    inFlight--
    set({ loading: inFlight > 0 || !state.loaded })
  }
}

export const BASKET_URL = '/ajax/basket/'
export const FAVORITES_URL = '/ajax/favorites/'

function alertError(message: string): void {
  // The spec shows productError and basket failures as an alert.
  if (typeof window !== 'undefined') window.alert(message)
}

function errorText(error: unknown): string {
  return error instanceof AjaxCallError ? error.message : 'Произошла ошибка, попробуйте повторить попытку позже.'
}

/** Page start: loads basket and favourites once per page. */
export function startVisitorStore(): Promise<void> {
  started ??= track(async () => {
    const changesBefore = changesAnswered
    const [cart, favorites] = await Promise.allSettled([
      inOwnTask(() => postForm<Cart>(BASKET_URL, { ACTION: 'GetBasket' })),
      inOwnTask(() => postForm<number[]>(FAVORITES_URL, { action: 'get' })),
    ])
    set({
      cart: cart.status === 'fulfilled' && changesAnswered === changesBefore ? cart.value : state.cart,
      favorites: favorites.status === 'fulfilled' && Array.isArray(favorites.value) ? favorites.value : state.favorites,
      loaded: true,
    })
  })
  return started
}

function analyticsItem(line: CartLine, quantity = line.quantity): AnalyticsItem {
  return {
    item_id: String(line.id),
    item_name: line.name,
    price: line.price,
    discount: line.discount,
    quantity,
    item_brand: line.BRAND,
    item_category: line.SECTION_NAME,
  }
}

async function basketCall(fields: Record<string, string | number>): Promise<Cart | null> {
  try {
    const cart = await track(() => postForm<Cart>(BASKET_URL, { ...fields, PAGE_TITLE: document.title }))
    const { productError, ...clean } = cart
    changesAnswered++
    set({ cart: clean })
    if (productError) alertError(productError)
    return cart
  } catch (error) {
    alertError(errorText(error))
    return null
  }
}

function adopt(cart: Cart): void {
  const { productError: _ignored, ...clean } = cart
  changesAnswered++
  set({ cart: clean, loaded: true })
}

/** Set when an order emptied the basket while its page was leaving: the next page re-reads it. */
let staleAfterLeaving = false

/**
 * The one way the store hears that the server changed the basket through a call other than
 * /ajax/basket/: every order path (the checkout with any payment, the invoice included, one click, the
 * fallback form) and a repeated order call it, so the header badge, the buy buttons and the cart page
 * follow the server without a reload.
 * - `cart`: the call answered the new cart; the store takes it as it is.
 * - `leaving`: the page that placed the order is about to navigate. Re-reading now would let that page
 *   react to its own emptied basket (the checkout sends a buyer whose basket empties to the cart
 *   page), so the basket is read again once the next page is on screen (`pageShown`).
 * - neither: the basket is read again now.
 */
export async function serverBasketChanged(change: { cart?: Cart; leaving?: boolean } = {}): Promise<void> {
  if (change.cart) {
    adopt(change.cart)
    return
  }
  if (change.leaving) {
    staleAfterLeaving = true
    return
  }
  await rereadBasket()
}

/** Called by the root layout's boot component on every client-side navigation. */
export function pageShown(): Promise<void> {
  if (!staleAfterLeaving) return Promise.resolve()
  staleAfterLeaving = false
  return rereadBasket()
}

async function rereadBasket(): Promise<void> {
  try {
    const changesBefore = changesAnswered
    const { productError: _ignored, ...cart } = await track(() => postForm<Cart>(BASKET_URL, { ACTION: 'GetBasket' }))
    set(changesAnswered === changesBefore ? { cart, loaded: true } : { loaded: true })
  } catch {
    // The store keeps what it had; the next page start reads the basket again.
  }
}

/** A call that answers the cart changed it (repeating an old order from the account). */
export function adoptServerCart(cart: Cart): void {
  void serverBasketChanged({ cart })
}

export function findLine(offerId: number, cart: Cart = state.cart): CartLine | undefined {
  return cart.Products.find((l) => l.id === offerId)
}

export async function addToBasket(offerId: number, quantity = 1): Promise<Cart | null> {
  const before = findLine(offerId)?.quantity ?? 0
  const cart = await basketCall({ ACTION: 'Add', ID: offerId, QUANTITY: quantity })
  const line = cart && findLine(offerId, cart)
  if (line && line.quantity > before) trackEcommerce('add_to_cart', [analyticsItem(line, line.quantity - before)])
  return cart
}

/** Sets a line's quantity (ACTION=Update); the server caps it and answers the cart. */
export async function setLineQuantity(offerId: number, quantity: number): Promise<Cart | null> {
  const previous = findLine(offerId)
  const cart = await basketCall({ ACTION: 'Update', ID: offerId, QUANTITY: quantity })
  const line = cart && findLine(offerId, cart)
  if (previous && line) {
    const delta = line.quantity - previous.quantity
    if (delta > 0) trackEcommerce('add_to_cart', [analyticsItem(line, delta)])
    if (delta < 0) trackEcommerce('remove_from_cart', [analyticsItem(line, -delta)])
  }
  return cart
}

export async function removeFromBasket(offerId: number): Promise<Cart | null> {
  const previous = findLine(offerId)
  const cart = await basketCall({ ACTION: 'Remove', ID: offerId })
  if (cart && previous && !findLine(offerId, cart)) trackEcommerce('remove_from_cart', [analyticsItem(previous)])
  return cart
}

export function isFavorite(productId: number): boolean {
  return state.favorites.includes(productId)
}

export async function toggleFavorite(productId: number): Promise<void> {
  const adding = !isFavorite(productId)
  // Hearts react at once; the server's list replaces the guess when it answers.
  const before = state.favorites
  set({ favorites: adding ? [...before, productId] : before.filter((id) => id !== productId) })
  try {
    const list = await track(() => postForm<number[]>(FAVORITES_URL, { action: adding ? 'add' : 'remove', favoritesId: productId }))
    if (Array.isArray(list)) set({ favorites: list })
    if (adding) void trackWishlist(productId)
  } catch (error) {
    set({ favorites: before })
    alertError(errorText(error))
  }
}

interface BundleItem {
  PRODUCT_ID: number
  NAME: string
  PRICE: number
  BRAND: string
  SECTION_NAME: string
}

/** The heart knows only the product id; bundle-info supplies what analytics needs (spec §7). */
async function trackWishlist(productId: number): Promise<void> {
  try {
    const map = await postForm<Record<string, BundleItem>>('/ajax/bundle-info/', { products: productId })
    const item = map[String(productId)]
    if (!item) return
    trackEcommerce('add_to_wishlist', [
      { item_id: String(item.PRODUCT_ID), item_name: item.NAME, price: item.PRICE, quantity: 1, item_brand: item.BRAND, item_category: item.SECTION_NAME },
    ])
  } catch {
    // Analytics must never disturb the buyer.
  }
}
