import { describe, expect, it } from 'vitest'
import { CART_MESSAGES, hasUnpricedLine, orderBlockers, planBasketChange, toCart, type BasketItem, type OfferFacts } from './cart'

const offer = (o: Partial<OfferFacts> = {}): OfferFacts => ({ name: 'Омега-3', stock: null, price: 50_000, active: true, ...o })
const facts = (entries: [number, OfferFacts][]) => new Map(entries)
const lines = (entries: [number, number][]) => new Map(entries)

describe('planBasketChange', () => {
  it('adds to a line and creates one', () => {
    expect(planBasketChange({ action: 'add', offerIds: [1, 2], quantity: 2 }, lines([[1, 3]]), facts([[1, offer()], [2, offer()]]))).toEqual({
      ok: true,
      changes: [
        { offerId: 1, quantity: 5 },
        { offerId: 2, quantity: 2 },
      ],
    })
  })

  it('caps at the stock and at 100 without stock', () => {
    expect(planBasketChange({ action: 'add', offerIds: [1], quantity: 4 }, lines([]), facts([[1, offer({ stock: 3 })]]))).toEqual({
      ok: false,
      error: CART_MESSAGES.overLineLimit('Омега-3', 3),
    })
    expect(planBasketChange({ action: 'add', offerIds: [1], quantity: 100 }, lines([]), facts([[1, offer()]])).ok).toBe(true)
    expect(planBasketChange({ action: 'add', offerIds: [1], quantity: 101 }, lines([]), facts([[1, offer()]]))).toEqual({
      ok: false,
      error: CART_MESSAGES.overLineLimit('Омега-3', 100),
    })
  })

  it('refuses unknown, inactive, unpriced and sold-out offers', () => {
    const add = { action: 'add' as const, offerIds: [1], quantity: 1 }
    expect(planBasketChange(add, lines([]), facts([]))).toEqual({ ok: false, error: CART_MESSAGES.unknownProduct })
    expect(planBasketChange(add, lines([]), facts([[1, offer({ active: false })]]))).toEqual({ ok: false, error: CART_MESSAGES.unknownProduct })
    expect(planBasketChange(add, lines([]), facts([[1, offer({ price: 0 })]]))).toEqual({ ok: false, error: CART_MESSAGES.unknownProduct })
    expect(planBasketChange(add, lines([]), facts([[1, offer({ stock: 0 })]]))).toEqual({ ok: false, error: CART_MESSAGES.outOfStock('Омега-3') })
  })

  it('refuses going over 125 items but always allows going down', () => {
    const full = lines([
      [1, 100],
      [2, 25],
    ])
    expect(planBasketChange({ action: 'add', offerIds: [3], quantity: 1 }, full, facts([[3, offer()]]))).toEqual({
      ok: false,
      error: CART_MESSAGES.overOrderLimit,
    })
    const over = lines([
      [1, 100],
      [2, 40],
    ])
    expect(planBasketChange({ action: 'update', offerIds: [2], quantity: 30 }, over, facts([]))).toEqual({
      ok: true,
      changes: [{ offerId: 2, quantity: 30 }],
    })
  })

  it('update needs the line in the cart; remove ignores what is not there', () => {
    expect(planBasketChange({ action: 'update', offerIds: [9], quantity: 1 }, lines([]), facts([[9, offer()]]))).toEqual({
      ok: false,
      error: CART_MESSAGES.notInCart,
    })
    expect(planBasketChange({ action: 'remove', offerIds: [9, 1] }, lines([[1, 2]]), facts([]))).toEqual({
      ok: true,
      changes: [{ offerId: 1, quantity: 0 }],
    })
  })
})

const item = (o: Partial<BasketItem>): BasketItem => ({
  lineId: 1,
  offerId: 10,
  productId: 5,
  quantity: 1,
  name: 'Витамин D3',
  sku: 'd3-1',
  productCode: 'd3',
  sectionCode: 'immunitet',
  sectionName: 'Иммунитет',
  brandName: 'Эвалар',
  picture: '/upload/packs/d3-1.svg',
  packageSize: 60,
  packageUnit: 'таблеток',
  flavour: null,
  price: 49_900,
  oldPrice: 59_900,
  stock: 5,
  active: true,
  weightGrams: 100,
  widthMm: 50,
  lengthMm: 50,
  heightMm: 90,
  airRestricted: false,
  vatPercent: 0,
  ...o,
})

describe('toCart', () => {
  it('names fields as the spec does and sums in kopecks before turning them into roubles', () => {
    const cart = toCart([item({ quantity: 3 }), item({ lineId: 2, offerId: 11, price: 33_333, oldPrice: null, flavour: 'Лимон' })])
    expect(cart.Products[0]).toMatchObject({ id: 10, idInBasket: 1, price: 499, discount: 100, sum: 1497, max: 5, link: '/catalog/immunitet/d3/' })
    expect(cart.Products[1]!.properties).toEqual({ 'Фасовка': '60 таблеток', 'Вкус': 'Лимон' })
    expect(cart).toMatchObject({ NormalPrice: 2130.33, ProductsPrice: 1830.33, TotalPrice: 1830.33, DiscountPrice: 300, Count: 4 })
  })

  it('an inactive offer has no price and blocks ordering', () => {
    const cart = toCart([item({ active: false })])
    expect(cart.Products[0]).toMatchObject({ price: 0, sum: 0 })
    expect(hasUnpricedLine(cart)).toBe(true)
  })
})

describe('orderBlockers', () => {
  it('names the 125-item limit and the minimum order sum', () => {
    expect(orderBlockers(toCart([item({ quantity: 126, stock: null })]), 0)).toEqual([CART_MESSAGES.overOrderLimit])
    expect(orderBlockers(toCart([item({})]), 500)).toEqual(['Минимальная сумма для заказа составляет 500 рублей'])
    expect(orderBlockers(toCart([item({})]), 200)).toEqual([])
  })
})
