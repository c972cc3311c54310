import { describe, expect, it } from 'vitest'
import {
  flavours,
  flavoursForSize,
  offerForFlavour,
  offerForSize,
  packageSizes,
  productUrl,
  showsInlineRating,
  toOfferCard,
  visiblePartners,
  type OfferCardData,
} from './catalog'

const offer = (id: number, packageSize: number, flavour: string | null, price = 10000): OfferCardData =>
  toOfferCard({ id, packageSize, packageUnit: 'капсул', flavour, price, oldPrice: null, picture: `/p/${id}.svg`, stock: 5 })

// 30 lemon, 30 orange, 60 orange, 60 cherry, 90 (no flavour)
const offers = [offer(1, 30, 'Лимон'), offer(2, 30, 'Апельсин'), offer(3, 60, 'Апельсин'), offer(4, 60, 'Вишня'), offer(5, 90, null)]

describe('offer switching (spec point 4)', () => {
  it('choosing a size picks the first offer of that size', () => {
    expect(offerForSize(offers, 60)?.id).toBe(3)
    expect(offerForSize(offers, 30)?.id).toBe(1)
    expect(offerForSize(offers, 120)).toBeUndefined()
  })

  it('choosing a flavour keeps the current size', () => {
    expect(offerForFlavour(offers, offers[2]!, 'Вишня')?.id).toBe(4)
    expect(offerForFlavour(offers, offers[0]!, 'Апельсин')?.id).toBe(2)
  })

  it('a flavour missing in the current size falls back to the first offer with it', () => {
    expect(offerForFlavour(offers, offers[0]!, 'Вишня')?.id).toBe(4)
    expect(offerForFlavour(offers, offers[0]!, 'Мята')).toBeUndefined()
  })

  it('lists sizes and flavours once each, in offer order', () => {
    expect(packageSizes(offers)).toEqual([30, 60, 90])
    expect(flavours(offers)).toEqual(['Лимон', 'Апельсин', 'Вишня'])
    expect([...flavoursForSize(offers, 60)]).toEqual(['Апельсин', 'Вишня'])
  })
})

describe('card rules', () => {
  it('shows the inline rating only above 2 and with a count other than 0', () => {
    expect(showsInlineRating(2.1, 3)).toBe(true)
    expect(showsInlineRating(2, 3)).toBe(false)
    expect(showsInlineRating(4.5, 0)).toBe(false)
    expect(showsInlineRating(4.5, '0')).toBe(false)
  })

  it('computes the discount and drops an old price that is not higher', () => {
    const sale = toOfferCard({ id: 1, packageSize: 60, packageUnit: 'таблеток', flavour: null, price: 39000, oldPrice: 45000, picture: '', stock: 0 })
    expect(sale.discountPercent).toBe(13)
    expect(sale.inStock).toBe(false)
    const odd = toOfferCard({ id: 2, packageSize: 60, packageUnit: 'таблеток', flavour: null, price: 39000, oldPrice: 30000, picture: '', stock: null })
    expect(odd.oldPrice).toBeNull()
    expect(odd.discountPercent).toBe(0)
    expect(odd.maxQuantity).toBe(100)
  })

  it('builds the canonical product address from the main section', () => {
    expect(productUrl('immunitet', 'vitamin-d3')).toBe('/catalog/immunitet/vitamin-d3/')
  })

  it("hides the partner titled '103.by'", () => {
    expect(visiblePartners([{ title: 'Ригла' }, { title: '103.by' }, { title: ' 103.BY ' }]).map((p) => p.title)).toEqual(['Ригла'])
  })
})
