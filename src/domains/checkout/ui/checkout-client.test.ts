import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_BASKET_ANSWER, type RefreshAnswer } from '../checkout-wire'
import { dropStoredCheckoutKey, endsAttempt, loadStoredForm } from './checkout-client'

describe('the end of a checkout attempt (ADR 031)', () => {
  it('comes with a placed order or an empty basket', () => {
    expect(endsAttempt({ order: { ID: '7', REDIRECT_URL: '/personal/order/?ORDER_ID=7' } })).toBe(true)
    expect(endsAttempt(EMPTY_BASKET_ANSWER)).toBe(true)
  })

  it('control: a refused save or a refreshed order leaves the attempt open', () => {
    expect(endsAttempt({ order: { ERROR: { MAIN: ['Товар закончился'] } } })).toBe(false)
    const refreshed = { order: { DELIVERY: {} }, locations: null, error: false } as unknown as RefreshAnswer
    expect(endsAttempt(refreshed)).toBe(false)
    expect(endsAttempt({ order: null, locations: null, error: 'Сессия истекла' })).toBe(false)
  })
})

describe('the stored form on the empty checkout page', () => {
  afterEach(() => vi.unstubAllGlobals())

  function stubStorage(initial: Record<string, string>) {
    const items = new Map(Object.entries(initial))
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    })
  }

  it('loses its key and keeps what was typed', () => {
    stubStorage({ 'vm-checkout-form': JSON.stringify({ checkoutKey: 'old', values: { PROP_NAME: 'Анна' } }) })
    expect(loadStoredForm()?.checkoutKey).toBe('old')
    dropStoredCheckoutKey()
    expect(loadStoredForm()).toEqual({ values: { PROP_NAME: 'Анна' } })
  })
})
