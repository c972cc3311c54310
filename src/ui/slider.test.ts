import { describe, expect, it } from 'vitest'
import { layoutClass, layoutCss, NEWS_SLIDER_LAYOUT, PRODUCT_SLIDER_LAYOUT } from './slider'

describe('slider layout CSS', () => {
  it('gives product sliders 1 slide and 10 px gaps on phones, 3 from 767 px and 4 from 991 px with 20 px', () => {
    const css = layoutCss(PRODUCT_SLIDER_LAYOUT)
    const cls = layoutClass(PRODUCT_SLIDER_LAYOUT)
    expect(css.startsWith(`.${cls}{--vs-per:1;--vs-gap:10px}`)).toBe(true)
    expect(css).toContain(`@media (min-width:767px){.${cls}{--vs-per:3;--vs-gap:20px}}`)
    expect(css).toContain(`@media (min-width:991px){.${cls}{--vs-per:4;--vs-gap:20px}}`)
    expect(css.indexOf('767px')).toBeLessThan(css.indexOf('991px'))
  })

  it('gives news sliders 2 from 568 px and 3 from 1200 px', () => {
    const css = layoutCss(NEWS_SLIDER_LAYOUT)
    expect(css).toContain('@media (min-width:568px)')
    expect(css).toMatch(/min-width:1200px\)\{\.vs-[^{]+\{--vs-per:3;/)
  })

  it('orders steps by width whatever order they are given in, so later rules win', () => {
    const css = layoutCss({ base: { perView: 1, gap: 0 }, steps: [{ minWidth: 900, perView: 3, gap: 5 }, { minWidth: 500, perView: 2, gap: 5 }] })
    expect(css.indexOf('500px')).toBeLessThan(css.indexOf('900px'))
  })

  it('names different layouts differently and equal layouts the same', () => {
    expect(layoutClass(PRODUCT_SLIDER_LAYOUT)).not.toBe(layoutClass(NEWS_SLIDER_LAYOUT))
    expect(layoutClass({ ...PRODUCT_SLIDER_LAYOUT })).toBe(layoutClass(PRODUCT_SLIDER_LAYOUT))
  })
})
