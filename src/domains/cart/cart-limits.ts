/**
 * Quantity limits of the spec (section 9): a line without a stock limit holds at most 100, a line
 * with one at most the offer's stock, and an order at most 125 items in all.
 */
export const MAX_LINE_WITHOUT_STOCK = 100
export const MAX_ITEMS_PER_ORDER = 125

/** The most a basket line may hold: the `max` of a cart line. */
export function lineCap(stock: number | null): number {
  return stock === null ? MAX_LINE_WITHOUT_STOCK : Math.max(0, stock)
}

/** Clamps a wanted quantity into 1..cap; 0 when nothing can be bought. */
export function clampQuantity(wanted: number, stock: number | null): number {
  const cap = lineCap(stock)
  if (cap === 0) return 0
  return Math.min(cap, Math.max(1, Math.floor(wanted)))
}
