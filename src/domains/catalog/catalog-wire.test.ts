import { describe, expect, it } from 'vitest'
import { toOfferCard, type ProductCardData } from './catalog'
import { fromCatalogItem, toCatalogItem, toOfferState } from './catalog-wire'

const product: ProductCardData = {
  id: 7,
  code: 'omega-3',
  name: 'Омега-3',
  subTitle: 'Для сердца',
  line: 'Кардио',
  url: '/catalog/serdtse/omega-3/',
  sectionCode: 'serdtse',
  sectionName: 'Сердце',
  brandCode: 'evalar',
  brandName: 'Эвалар',
  isHit: true,
  isNew: false,
  isImportReplace: true,
  isDrug: false,
  rating: 4.6,
  ratesCount: 0,
  offers: [
    toOfferCard({ id: 71, packageSize: 60, packageUnit: 'капсул', flavour: null, price: 129050, oldPrice: 150000, picture: '/a.svg', stock: 3 }),
    toOfferCard({ id: 72, packageSize: 120, packageUnit: 'капсул', flavour: 'Лимон', price: 219000, oldPrice: null, picture: '/b.svg', stock: null }),
  ],
}
const partners = [{ code: 'rigla', title: 'Ригла', link: 'https://rigla.example/', image: '/r.svg' }]

describe('catalogue result on the wire (spec field names)', () => {
  it('writes ITEMS with offers keyed by id, prices in roubles and Y flags', () => {
    const item = toCatalogItem(product, partners)
    expect(item).toMatchObject({
      MAIN_PRODUCT_ID: 7,
      DETAIL_PAGE_URL: '/catalog/serdtse/omega-3/',
      PROPERTY_HIT_VALUE: 'Y',
      PROPERTY_NEW_VALUE: '',
      PROPERTY_IS_IMPORT_REPLACE: 'Y',
      PREVIEW_PICTURE: '/a.svg',
    })
    expect(item.OFFERS['71']).toMatchObject({
      ID: 71,
      PARENT_ID: 7,
      DISCOUNT_PERCENT: 14,
      PRICES: { RESULT_PRICE: { DISCOUNT_PRICE: 1290.5, BASE_PRICE: 1500 } },
      PROPERTY_DESC_VALUE: '60 капсул',
      PROPERTY_APLAUT_RATES_COUNT_VALUE: '0',
    })
    expect(item.BUTTONS['72']!.ALTERNATIVE_LINKS[0]).toMatchObject({ link: 'https://rigla.example/', image: '/r.svg' })
  })

  it('writes OFFERS_STATES with the first offer active', () => {
    expect(toOfferState(product)).toEqual({
      current_active: 71,
      offers_list: {
        71: { preview_picture: '/a.svg', price: 1290.5, price_discount: 1500, active: true },
        72: { preview_picture: '/b.svg', price: 2190, price_discount: 2190, active: false },
      },
    })
  })

  it('reads back exactly the card it wrote (show more renders the same card)', () => {
    const wire = JSON.parse(JSON.stringify(toCatalogItem(product, partners)))
    expect(fromCatalogItem(wire)).toEqual({ product, partners })
  })

  it('carries an uploaded picture\'s srcset to the cards show more appends, and none for a pack shot (ADR 209)', () => {
    const srcset = '/upload/p/a-192.webp 192w, /upload/p/a-480.webp 480w, /upload/p/a-1200.webp 1200w'
    const uploaded: ProductCardData = {
      ...product,
      offers: [{ ...product.offers[0]!, picture: '/upload/p/a-480.webp', srcset }, product.offers[1]!],
    }
    const wire = JSON.parse(JSON.stringify(toCatalogItem(uploaded, partners)))
    expect(wire.OFFERS['71'].PREVIEW_PICTURE_SRCSET).toBe(srcset)
    expect(wire.OFFERS['72'].PREVIEW_PICTURE_SRCSET).toBe('')
    const back = fromCatalogItem(wire).product
    expect(back.offers[0]!.srcset).toBe(srcset)
    expect(back.offers[1]).not.toHaveProperty('srcset')
    expect(back).toEqual(uploaded)
  })
})
