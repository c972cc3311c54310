import { describe, expect, it } from 'vitest'
import { srcsetOf } from '@/domains/media/media-library'
import { shownState } from './banners'

/** The banners' shown window and the library pictures' srcset (ADR 207), without a database. */
describe('shownState', () => {
  const at = new Date('2026-11-27T12:00:00Z')
  const window = (startsAt: string | null, endsAt: string | null, active = true) => ({
    active,
    startsAt,
    endsAt,
  })

  it('shows from the start inclusive until the end exclusive', () => {
    expect(shownState(window(null, null), at)).toBe('shown')
    expect(shownState(window('2026-11-27T12:00:00Z', null), at)).toBe('shown')
    expect(shownState(window('2026-11-27T12:00:01Z', null), at)).toBe('scheduled')
    expect(shownState(window(null, '2026-11-27T12:00:01Z'), at)).toBe('shown')
    expect(shownState(window(null, '2026-11-27T12:00:00Z'), at)).toBe('ended')
    // The same instant in Moscow time.
    expect(shownState(window('2026-11-27T15:00:00+03:00', '2026-11-27T15:00:01+03:00'), at)).toBe('shown')
  })

  it('a hidden banner is hidden whatever its dates', () => {
    expect(shownState(window(null, null, false), at)).toBe('hidden')
    expect(shownState(window('2027-01-01T00:00:00Z', null, false), at)).toBe('hidden')
  })
})

describe('srcsetOf', () => {
  const size = (name: string, width: number) => ({
    key: `media/${name}.webp`,
    url: `/upload/media/${name}.webp`,
    width,
    height: width,
  })

  it('lists each stored size by its real width, narrowest first, once per width', () => {
    expect(srcsetOf({ gallery: size('g', 1200), thumb: size('t', 192), card: size('c', 480) })).toBe(
      '/upload/media/t.webp 192w, /upload/media/c.webp 480w, /upload/media/g.webp 1200w',
    )
    // A 300 px upload: card and gallery are both its own 300 px, never enlarged.
    expect(srcsetOf({ thumb: size('t', 192), card: size('c', 300), gallery: size('g', 300) })).toBe(
      '/upload/media/t.webp 192w, /upload/media/c.webp 300w',
    )
    expect(srcsetOf(null)).toBe('')
  })
})
