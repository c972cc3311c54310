import { describe, expect, it } from 'vitest'
import { evaluateCoupon, orderTotals, propertyError, stripNameInput, type CouponRow } from './checkout'

const rule = (over: Partial<Parameters<typeof propertyError>[0]> = {}) => ({
  NAME: 'Поле',
  CODE: 'PROP_X',
  REQUIRED: 'N' as const,
  IS_EMAIL: 'N' as const,
  IS_PHONE: 'N' as const,
  ...over,
})

describe('checkout field rules (spec section 5)', () => {
  it.each([
    [rule({ REQUIRED: 'Y' }), '  ', 'Обязательное поле.'],
    [rule(), '', null],
    [rule({ CODE: 'PROP_NAME' }), 'an@na', 'Укажите корректные данные.'],
    [rule({ CODE: 'PROP_LASTNAME' }), 'Иванова', null],
    [rule({ IS_EMAIL: 'Y' }), 'a@b', 'Укажите корректный E-mail адрес.'],
    [rule({ IS_EMAIL: 'Y' }), 'anna@example.ru', null],
    [rule({ IS_PHONE: 'Y' }), '+7 (912) 345-67', 'Введите корректный телефон.'],
    [rule({ IS_PHONE: 'Y' }), '+7 (812) 345-67-89', 'Некорректный код оператора'],
    [rule({ IS_PHONE: 'Y' }), '+7 (912) 345-67-89', null],
  ])('%j with %s → %s', (prop, value, message) => {
    expect(propertyError(prop, value, 'RU')).toBe(message)
  })

  it('checks the operator code only for RU', () => {
    expect(propertyError(rule({ IS_PHONE: 'Y' }), '+7 (812) 345-67-89', 'KZ')).toBeNull()
  })

  it('strips digits and @ from names as typed', () => {
    expect(stripNameInput('Ан1на@')).toBe('Анна')
  })
})

const coupon = (over: Partial<CouponRow> = {}): CouponRow => ({
  id: 1,
  code: 'X',
  kind: 'percent',
  value: 10,
  discountName: 'Скидка',
  minSum: 0,
  startsAt: null,
  expiresAt: null,
  maxUses: null,
  usedCount: 0,
  giftOfferId: null,
  active: true,
  ...over,
})
const at = new Date('2025-05-01T12:00:00Z')

describe('coupons', () => {
  it.each([
    ['unknown', undefined, 1000, { ok: false, text: 'не найден' }],
    ['percent', coupon(), 12_345, { ok: true, discount: 1235, gift: false }],
    ['fixed, capped at the goods', coupon({ kind: 'fixed', value: 50_000 }), 30_000, { ok: true, discount: 30_000, gift: false }],
    ['below the minimum', coupon({ minSum: 100_000 }), 99_999, { ok: false, text: 'действует при заказе от 1000 ₽' }],
    ['expired', coupon({ expiresAt: new Date('2025-05-01T11:59:59Z') }), 1000, { ok: false, text: 'срок действия истек' }],
    ['not started', coupon({ startsAt: new Date('2025-05-02T00:00:00Z') }), 1000, { ok: false, text: 'еще не действует' }],
    ['used up', coupon({ maxUses: 1, usedCount: 1 }), 1000, { ok: false, text: 'больше не действует' }],
    ['inactive', coupon({ active: false }), 1000, { ok: false, text: 'не действует' }],
    ['gift', coupon({ kind: 'gift', giftOfferId: 5 }), 1000, { ok: true, discount: 0, gift: true }],
  ])('%s', (_name, row, goods, verdict) => {
    expect(evaluateCoupon(row, goods, at)).toEqual(verdict)
  })

  it('refuses a gift that is out of stock', () => {
    expect(evaluateCoupon(coupon({ kind: 'gift', giftOfferId: 5 }), 1000, at, false)).toEqual({ ok: false, text: 'подарок закончился' })
  })
})

describe('order totals', () => {
  it('adds lines, takes the coupon off the goods and adds the delivery', () => {
    const t = orderTotals(
      [
        { quantity: 2, price: 10_000, basePrice: 12_000, weightGrams: 100 },
        { quantity: 1, price: 5_000, basePrice: 5_000, weightGrams: 250 },
      ],
      2_500,
      34_900,
    )
    expect(t).toEqual({ basePrice: 29_000, goodsPrice: 25_000, couponDiscount: 2_500, discount: 6_500, deliveryPrice: 34_900, total: 57_400, weightGrams: 450 })
  })
})
