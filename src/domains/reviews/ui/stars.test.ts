import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { starFillPx, Stars } from './stars'

describe('read-only stars drawn by one element (ADR 213)', () => {
  it('ends the gold inside the star the fraction belongs to: tiles of size + 2 px, the star centred', () => {
    expect(starFillPx(0, 16)).toBe(1)
    expect(starFillPx(1, 16)).toBe(19)
    expect(starFillPx(4.3, 16)).toBe(4 * 18 + 1 + 4.8)
    expect(starFillPx(5, 20)).toBe(5 * 22 + 1)
  })

  it('keeps a value outside 0–5 on the scale', () => {
    expect(starFillPx(-2, 16)).toBe(starFillPx(0, 16))
    expect(starFillPx(7, 16)).toBe(starFillPx(5, 16))
  })

  it('is one element with the mark in its accessible name, not five SVGs', () => {
    const html = renderToStaticMarkup(createElement(Stars, { value: 4 }))
    expect(html).toBe('<span class="stars" role="img" aria-label="Оценка 4 из 5" style="--star:16px;--star-fill:73px"></span>')
  })
})
