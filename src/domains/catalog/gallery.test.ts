import { describe, expect, it } from 'vitest'
import { swipeDirection, thumbsPerPage, wrapIndex } from './gallery'

describe('gallery viewer rules', () => {
  it('wraps the index around both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0)
    expect(wrapIndex(-1, 3)).toBe(2)
    expect(wrapIndex(1, 3)).toBe(1)
    expect(wrapIndex(5, 0)).toBe(0)
  })

  it('needs a horizontal move over 50 px to swipe', () => {
    expect(swipeDirection(-51)).toBe(1)
    expect(swipeDirection(51)).toBe(-1)
    expect(swipeDirection(50)).toBe(0)
    expect(swipeDirection(-80, 120)).toBe(0)
  })

  it('pages thumbnails by 7, 5 under 768 px and 6 under 320 px', () => {
    expect(thumbsPerPage(1440)).toBe(7)
    expect(thumbsPerPage(375)).toBe(5)
    expect(thumbsPerPage(300)).toBe(6)
  })
})
