/** Gallery rules without React: index wrap-around and the swipe threshold (spec point 4 and 9). */
export const SWIPE_THRESHOLD_PX = 50

/** Next index with wrap-around in both directions. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0
  return ((index % length) + length) % length
}

/** -1 (previous), 1 (next) or 0 for a horizontal move of dx pixels. */
export function swipeDirection(dx: number, dy = 0): -1 | 0 | 1 {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dy) > Math.abs(dx)) return 0
  return dx < 0 ? 1 : -1
}

/** Thumbnails per page of the viewer's strip: 7, 5 under 768 px, 6 under 320 px (spec point 9). */
export function thumbsPerPage(viewportWidth: number): number {
  if (viewportWidth < 320) return 6
  if (viewportWidth < 768) return 5
  return 7
}
