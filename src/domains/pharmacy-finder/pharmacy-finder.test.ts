import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { FINDER_ERRORS, FINDER_HEIGHT_MESSAGE, finderHeight, finderPath, finderSrc, loaderScript, parseFinderParams, withUtm } from './pharmacy-finder'

const q = (s: string) => new URLSearchParams(s)

describe('pharmacy finder parameters', () => {
  it('needs productId or productIds, and productIds must hold productId', () => {
    expect(parseFinderParams(q(''))).toEqual({ ok: false, error: FINDER_ERRORS.missing })
    expect(parseFinderParams(q('productId=3&productIds=1,2'))).toEqual({ ok: false, error: FINDER_ERRORS.notInList })
    expect(parseFinderParams(q('productId=abc'))).toEqual({ ok: false, error: FINDER_ERRORS.badId })
  })

  it('keeps utm_* marks and fullForm, starting on productId', () => {
    const parsed = parseFinderParams(q('productIds=4,7&productId=7&utm_source=blog&utm_campaign=may&other=x&fullForm=1'))
    expect(parsed).toEqual({ ok: true, params: { productId: 7, productIds: [4, 7], utm: { utm_source: 'blog', utm_campaign: 'may' }, fullForm: true } })
    expect(parseFinderParams(q('productIds=5,6'))).toMatchObject({ ok: true, params: { productId: 5 } })
  })

  it('builds the iframe address and partner links with the utm marks', () => {
    const src = finderSrc('https://shop.test', { productId: 7, productIds: [4, 7], utm: { utm_source: 'blog' }, fullForm: true })
    expect(src).toBe('https://shop.test/pharmacy-finder/?productId=7&productIds=4%2C7&utm_source=blog&fullForm=1')
    expect(withUtm('https://apteka.test/p/1?x=1', { utm_source: 'blog' })).toBe('https://apteka.test/p/1?x=1&utm_source=blog')
  })
})

describe('pharmacy finder in the shop', () => {
  it('addresses the frame relative to the shop, with the selector products after the first', () => {
    expect(finderPath({ productId: 7, productIds: [7, 4], utm: {}, fullForm: false })).toBe('/pharmacy-finder/?productId=7&productIds=7%2C4')
    expect(finderPath({ productId: 7, productIds: [7], utm: {}, fullForm: false })).toBe('/pharmacy-finder/?productId=7')
  })

  it('reads only its own height messages, as whole pixels within bounds', () => {
    expect(finderHeight({ type: FINDER_HEIGHT_MESSAGE, height: 512.2 })).toBe(513)
    expect(finderHeight({ type: FINDER_HEIGHT_MESSAGE, height: 1e9 })).toBe(10_000)
    expect(finderHeight({ type: 'other', height: 300 })).toBeNull()
    expect(finderHeight({ type: FINDER_HEIGHT_MESSAGE, height: '300' })).toBeNull()
    expect(finderHeight({ type: FINDER_HEIGHT_MESSAGE, height: Number.NaN })).toBeNull()
    expect(finderHeight('300')).toBeNull()
    expect(finderHeight(null)).toBeNull()
  })
})

describe('loader script', () => {
  function load() {
    const appended: { src: string }[] = []
    const el = { innerHTML: '', appendChild: (f: { src: string }) => appended.push(f) }
    const window: Record<string, { mount: (t: string, o?: Record<string, unknown>) => { src: string } }> = {}
    const document = { querySelector: (s: string) => (s === '#finder' ? el : null), createElement: () => ({ style: {} }) }
    runInNewContext(loaderScript('https://shop.test'), { window, document, URL })
    const api = window.VitamarketPharmacyFinder
    if (!api) throw new Error('loader did not register')
    return { api, appended }
  }

  it('throws a clear error without products or with productId outside productIds', () => {
    const { api } = load()
    expect(() => api.mount('#finder', {})).toThrow(FINDER_ERRORS.missing)
    expect(() => api.mount('#finder', { productId: 3, productIds: [1, 2] })).toThrow(FINDER_ERRORS.notInList)
    expect(() => api.mount('#nope', { productId: 3 })).toThrow('не найден элемент')
  })

  it('mounts an iframe with the same address the page expects', () => {
    const { api, appended } = load()
    api.mount('#finder', { productId: 7, productIds: [4, 7], utm_source: 'blog', fullForm: 1 })
    expect(appended[0]?.src).toBe(finderSrc('https://shop.test', { productId: 7, productIds: [4, 7], utm: { utm_source: 'blog' }, fullForm: true }))
  })
})
