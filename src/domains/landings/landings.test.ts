import { describe, expect, it } from 'vitest'
import { NO_PRICE, allPricesLoaded, canBuy, pickPrice, reviewsLink, toggleSingle } from './landings'

describe('landing rules', () => {
  it('links "Смотреть все" to the product reviews tab', () => {
    expect(reviewsLink('/catalog/krasota/kollagen/')).toBe('/catalog/krasota/kollagen/#reviews')
  })

  it('shows sliders only when every price is known, "-" included', () => {
    expect(allPricesLoaded([{ price: 390 }, { price: null }])).toBe(false)
    expect(allPricesLoaded([{ price: 390 }, { price: NO_PRICE }])).toBe(true)
  })

  it('hides the buy button for a missing price', () => {
    expect(canBuy({ price: NO_PRICE, offerId: null })).toBe(false)
    expect(canBuy({ price: 390, offerId: 5 })).toBe(true)
  })

  it('prices by the first offer in stock, "-" when none is', () => {
    expect(pickPrice([{ id: 1, price: 39000, inStock: false }, { id: 2, price: 69000, inStock: true }])).toEqual({
      offer: { id: 2, price: 69000, inStock: true },
      price: 690,
    })
    expect(pickPrice([{ id: 1, price: 39000, inStock: false }]).price).toBe('-')
  })

  it('keeps one accordion open at a time and closes the open one on click', () => {
    expect(toggleSingle(null, 1)).toBe(1)
    expect(toggleSingle(1, 2)).toBe(2)
    expect(toggleSingle(2, 2)).toBeNull()
  })
})
