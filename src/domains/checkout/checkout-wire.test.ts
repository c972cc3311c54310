import { describe, expect, it } from 'vitest'
import { wireOrder } from '../../../tests/support/order-state'
import { fromOrderState } from './checkout-wire'

describe('fromOrderState: the wire order as the page shows it', () => {
  const view = fromOrderState(wireOrder())

  it('turns roubles into kopecks without float drift', () => {
    expect(view.lines[0]).toMatchObject({ price: 59_090, sum: 118_180, quantity: 2, weightGrams: 120 })
    expect(view.totals).toEqual({ goods: 130_020, discount: 11_840, delivery: 0, total: 118_180, weightGrams: 240 })
    expect(view.deliveries.map((d) => d.price)).toEqual([19_950, 35_000])
  })

  it("turns 'Y'/'N' into booleans", () => {
    expect(view.properties.find((p) => p.code === 'PROP_EMAIL')).toMatchObject({ required: true, isEmail: true, isPhone: false, isLocation: false })
    expect(view.properties.find((p) => p.code === 'LOCATION')?.isLocation).toBe(true)
    expect(view.paySystems.map((p) => [p.code, p.isCash])).toEqual([['card', false], ['cash', true]])
    expect(view.lines[0]).toMatchObject({ canBuy: true, isGift: false })
    expect(view.personTypes.map((p) => p.checked)).toEqual([true, false])
  })

  it('orders deliveries and person types by sort (the wire keys them by id)', () => {
    expect(view.deliveries.map((d) => d.id)).toEqual(['1', '4'])
    expect(view.personTypes.map((p) => p.id)).toEqual(['1', '2'])
    expect(view.deliveries[0]).toMatchObject({ type: 'pickup', carrier: 'sdek', periodText: 'от 1 до 2 дней', error: '', checked: false })
  })

  it('shows the first stored code with its status, a gift as name and picture', () => {
    expect(view.coupon).toBeNull()
    const gift = fromOrderState(
      wireOrder({
        COUPON_LIST: [{ COUPON: 'PODAROK', JS_STATUS: 'APPLIED', STATUS_TEXT: 'применен', DISCOUNT_NAME: '', GIFT: { ITEM: { NAME: 'Витамин C', PICTURE: '/c.svg' } } }],
      }),
    )
    expect(gift.coupon).toEqual({ code: 'PODAROK', status: 'applied', statusText: 'применен', discountName: '', gift: { name: 'Витамин C', picture: '/c.svg' } })
    const bad = fromOrderState(wireOrder({ COUPON_LIST: [{ COUPON: 'NOPE', JS_STATUS: 'BAD', STATUS_TEXT: 'не найден', DISCOUNT_NAME: '' }] }))
    expect(bad.coupon).toMatchObject({ status: 'bad', statusText: 'не найден', gift: null })
  })

  it('carries a delivery that cannot be used with its reason', () => {
    const order = wireOrder()
    order.DELIVERY['4'] = { ...order.DELIVERY['4']!, CALCULATE_ERRORS: 'Введите полный адрес для доставки', CHECKED: 'Y' }
    expect(fromOrderState(order).deliveries[1]).toMatchObject({ error: 'Введите полный адрес для доставки', checked: true })
  })
})
