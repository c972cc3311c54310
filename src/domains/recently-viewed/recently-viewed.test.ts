import { describe, expect, it } from 'vitest'
import { pickSimilar, toSeenProduct, visibleRecentlyViewed } from './recently-viewed'

describe('recently viewed', () => {
  it('leaves out the product on screen and keeps the newest first up to the limit', () => {
    expect(visibleRecentlyViewed([5, 4, 3, 2, 1], 3, 3)).toEqual([5, 4, 2])
    expect(visibleRecentlyViewed([5, 4], null)).toEqual([5, 4])
  })

  it('builds SeenProduct in roubles with the discount and full name', () => {
    const seen = toSeenProduct({
      id: 7,
      name: 'Омега-3',
      subTitle: '1000 мг',
      url: '/catalog/serdtse/omega/',
      sectionName: 'Сердце и сосуды',
      rating: 4.66,
      offer: { id: 70, price: 89_900, oldPrice: 119_900, picture: '/upload/packs/omega-1.svg' },
    })
    expect(seen).toMatchObject({
      id: 7,
      link: '/catalog/serdtse/omega/',
      img: '/upload/packs/omega-1.svg',
      price: 899,
      oldprice: 1199,
      old_price: 1199,
      percent_discount: 25,
      dom_stars: 4.7,
      NAME_FULL: 'Омега-3 1000 мг',
      PRICE_FOR_ANALYTICS: 899,
      ORDER_ID: 70,
    })
  })

  it('has no old price or discount when the old price is not higher', () => {
    const seen = toSeenProduct({
      id: 1, name: 'A', subTitle: '', url: '/', sectionName: '', rating: 0,
      offer: { id: 1, price: 1000, oldPrice: 1000, picture: '' },
    })
    expect(seen.oldprice).toBeNull()
    expect(seen.percent_discount).toBe(0)
    expect(seen.NAME_FULL).toBe('A')
  })
})

describe('pickSimilar', () => {
  it('takes products round-robin across sections, skipping viewed ones and duplicates', () => {
    expect(pickSimilar([[1, 2, 3], [2, 4, 5]], [1], 4)).toEqual([2, 4, 3, 5])
  })

  it('stops when the sections run out', () => {
    expect(pickSimilar([[1], [1]], [], 10)).toEqual([1])
    expect(pickSimilar([], [], 10)).toEqual([])
  })
})
