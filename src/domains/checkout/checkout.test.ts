import { describe, expect, it } from 'vitest'
import type { BasketItem } from '@/domains/cart/cart'
import type { DeliveryOption } from '@/domains/delivery/delivery.server'
import {
  applyCoupons,
  chooseDelivery,
  choosePaySystem,
  choosePersonType,
  evaluateCoupon,
  fillValues,
  mirrorCoupon,
  orderErrors,
  orderTotals,
  priceLine,
  propertyError,
  stripNameInput,
  totalsOf,
  visibleProps,
  type CouponRow,
  type OrderChecks,
} from './checkout'
import type { BuyerProfileRow, GiftOffer, PaySystemRow, PersonTypeRow, PropRow } from './checkout.db'

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
  perBuyerLimit: null,
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

  it('applies a per-buyer coupon until the buyer has used it that many times', () => {
    const once = coupon({ perBuyerLimit: 2 })
    expect(evaluateCoupon(once, 1000, at, true, 1)).toMatchObject({ ok: true })
    expect(evaluateCoupon(once, 1000, at, true, 2)).toEqual({ ok: false, text: 'вы уже использовали этот промокод' })
    expect(evaluateCoupon(coupon(), 1000, at, true, 50)).toMatchObject({ ok: true })
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

// ---------- order stages ----------

const prop = (over: Partial<PropRow>): PropRow => ({
  id: 1,
  personTypeId: 1,
  groupId: 1,
  code: 'PROP_X',
  type: 'STRING',
  name: 'Поле',
  description: '',
  defaultValue: null,
  required: false,
  isEmail: false,
  isPhone: false,
  isLocation: false,
  isAddress: false,
  maxLength: 500,
  relation: [],
  sort: 500,
  active: true,
  ...over,
})

const item = (over: Partial<BasketItem> = {}): BasketItem => ({
  lineId: 1,
  offerId: 10,
  productId: 100,
  quantity: 1,
  name: 'Омега-3',
  sku: 'A1',
  productCode: 'omega',
  sectionCode: 'vitamins',
  sectionName: 'Витамины',
  brandName: 'Бренд',
  picture: '/p.svg',
  packageSize: 60,
  packageUnit: 'капс.',
  flavour: null,
  price: 100_000,
  oldPrice: null,
  stock: 10,
  active: true,
  weightGrams: 200,
  widthMm: 50,
  lengthMm: 50,
  heightMm: 100,
  airRestricted: false,
  vatPercent: 20,
  ...over,
})


const gift: GiftOffer = {
  offerId: 7,
  productId: 70,
  name: 'Подарок',
  picture: '/g.svg',
  productCode: 'gift',
  sectionCode: 'gifts',
  weightGrams: 50,
  price: 0,
  available: true,
}

const AT = new Date('2026-03-01T12:00:00Z')

describe('person type', () => {
  const types = [{ id: 1 }, { id: 2 }] as PersonTypeRow[]
  it('takes the requested one, else the first by sort', () => {
    expect(choosePersonType(types, 2).id).toBe(2)
    expect(choosePersonType(types, 99).id).toBe(1)
    expect(choosePersonType(types, undefined).id).toBe(1)
  })
})

describe('property values', () => {
  const name = prop({ id: 1, code: 'PROP_NAME' })
  const email = prop({ id: 2, code: 'PROP_EMAIL' })
  const city = prop({ id: 3, code: 'PROP_CITY', isLocation: true, defaultValue: 'moscow' })
  const short = prop({ id: 4, code: 'PROP_COMMENT', maxLength: 5 })
  const typeProps = [name, email, city, short]
  const legalName = prop({ id: 11, personTypeId: 2, code: 'PROP_NAME' })
  const profile = { id: 5, name: 'Дом', personTypeId: 1, values: { PROP_NAME: 'Профиль', PROP_EMAIL: 'p@example.ru' } } as unknown as BuyerProfileRow
  const user = { name: 'Анна Петрова', email: 'anna@example.ru', phone: '+79120000000' }
  const base = { allProps: [...typeProps, legalName], typeProps, profiles: [profile], profileId: undefined, user: null, recentLocation: '' }

  it('on first load takes the first profile, then the account, then the default', () => {
    const { values, profile: chosen } = fillValues({ ...base, requested: new Map(), user })
    expect(chosen?.id).toBe(5)
    expect(values.get('PROP_NAME')).toBe('Профиль')
    expect(values.get('PROP_CITY')).toBe('moscow')
  })

  it('prefers what was typed, and the visitor’s recent location to the default', () => {
    const { values, profile: chosen } = fillValues({ ...base, requested: new Map([[1, 'Иван']]), user, recentLocation: 'spb' })
    expect(chosen).toBeUndefined()
    expect(values.get('PROP_NAME')).toBe('Иван')
    expect(values.get('PROP_EMAIL')).toBe('anna@example.ru')
    expect(values.get('PROP_CITY')).toBe('spb')
  })

  it('keeps a value typed for another person type by its code, and cuts values to their length', () => {
    const { values } = fillValues({ ...base, profiles: [], requested: new Map([[11, 'ООО Ромашка'], [4, 'длинный текст']]) })
    expect(values.get('PROP_NAME')).toBe('ООО Ромашка')
    expect(values.get('PROP_COMMENT')).toBe('длинн')
  })

  it('splits the account name into first and last name', () => {
    const last = prop({ id: 6, code: 'PROP_LASTNAME' })
    const { values } = fillValues({ ...base, typeProps: [name, last], profiles: [], requested: new Map([[99, 'x']]), user })
    expect([values.get('PROP_NAME'), values.get('PROP_LASTNAME')]).toEqual(['Анна', 'Петрова'])
  })
})

describe('basket lines', () => {
  it('follow the cart’s price rule and say why a line cannot be ordered', () => {
    expect(priceLine(item({ oldPrice: 120_000 }))).toMatchObject({ price: 100_000, basePrice: 120_000, problem: null })
    expect(priceLine(item({ active: false })).problem).toBe('В корзине есть товары без цены. Удалите их, чтобы оформить заказ.')
    expect(priceLine(item({ quantity: 11 })).problem).toContain('нет в нужном количестве')
  })
})

describe('coupons on an order', () => {
  const rows = new Map([
    ['OLD', coupon({ code: 'OLD', value: 5 })],
    ['NEW', coupon({ id: 2, code: 'NEW', kind: 'fixed', value: 30_000 })],
    ['BIG', coupon({ id: 3, code: 'BIG', minSum: 10_000_000 })],
    ['GIFT', coupon({ id: 4, code: 'GIFT', kind: 'gift', giftOfferId: 7 })],
  ])

  it('applies only the latest valid code; the others are entered or bad', () => {
    const out = applyCoupons(['OLD', 'NEW', 'BIG', 'NONE'], rows, new Map(), 200_000, AT)
    expect(out.coupon?.code).toBe('NEW')
    expect(out.discount).toBe(30_000)
    expect(out.entries.map((e) => [e.code, e.applied, e.verdict.ok])).toEqual([
      ['OLD', false, true],
      ['NEW', true, true],
      ['BIG', false, false],
      ['NONE', false, false],
    ])
  })

  it('adds the gift of a gift coupon only while the gift is available', () => {
    expect(applyCoupons(['GIFT'], rows, new Map([[7, gift]]), 100, AT).gift?.name).toBe('Подарок')
    const gone = applyCoupons(['GIFT'], rows, new Map([[7, { ...gift, available: false }]]), 100, AT)
    expect([gone.coupon, gone.gift]).toEqual([null, null])
  })

  it('mirrors the applied coupon into the coupon properties', () => {
    const values = new Map([['PROMO_CODE', 'typed'], ['GIFT_CODE', 'typed']])
    mirrorCoupon(values, coupon({ code: 'NEW' }))
    expect(Object.fromEntries(values)).toEqual({ PROMO_CODE: 'NEW', GIFT_CODE: '' })
  })
})

describe('pay systems, deliveries and shown properties', () => {
  const pay = (id: number, personTypes: string[]) => ({ id, personTypes }) as PaySystemRow
  it('offers a pay system to its person types and keeps the requested one only among them', () => {
    const all = [pay(1, []), pay(2, ['legal'])]
    const any = () => true
    expect(choosePaySystem(all, 'person', '2', any)).toMatchObject({ pays: [all[0]], paySystem: null })
    expect(choosePaySystem(all, 'legal', '2', any).paySystem?.id).toBe(2)
  })

  it('leaves out the methods the payment domain does not offer, even when requested', () => {
    const all = [{ ...pay(1, []), code: 'card' }, { ...pay(2, []), code: 'cash' }]
    const offlineOnly = (code: string) => code !== 'card'
    expect(choosePaySystem(all, 'person', '1', offlineOnly)).toEqual({ pays: [all[1]], paySystem: null })
  })

  it('sorts deliveries and never chooses a blocked one', () => {
    const option = (id: number, sort: number, blocked = false) => ({ id, sort, blocked }) as DeliveryOption
    const { options, delivery } = chooseDelivery([option(3, 200), option(1, 100, true), option(2, 100)], '1')
    expect(options.map((o) => o.id)).toEqual([1, 2, 3])
    expect(delivery).toBeNull()
    expect(chooseDelivery([option(3, 200)], '3').delivery?.id).toBe(3)
  })

  it('shows a property with a relation only for its delivery or pay system', () => {
    const always = prop({ id: 1 })
    const courier = prop({ id: 2, relation: [{ ENTITY_TYPE: 'D', ENTITY_ID: '5' }] })
    const bill = prop({ id: 3, relation: [{ ENTITY_TYPE: 'P', ENTITY_ID: '9' }] })
    expect(visibleProps([always, courier, bill], 5, 1).map((p) => p.id)).toEqual([1, 2])
    expect(visibleProps([always, courier, bill], undefined, 9).map((p) => p.id)).toEqual([1, 3])
  })
})

describe('order checks', () => {
  const ready: OrderChecks = {
    lines: [priceLine(item())],
    hasLocation: true,
    delivery: { id: 1 } as DeliveryOption,
    quote: { ok: true, priceKopecks: 30_000, periodText: '1 день' },
    paySystem: { id: 1 } as PaySystemRow,
    plainProps: [prop({ code: 'PROP_EMAIL', name: 'E-mail', required: true, isEmail: true })],
    values: new Map([['PROP_EMAIL', 'anna@example.ru']]),
    comment: '',
    minSum: 0,
  }

  it('finds nothing in a complete order', () => {
    expect(orderErrors(ready)).toEqual({})
  })

  it('names every problem in its block', () => {
    const errors = orderErrors({
      ...ready,
      lines: [priceLine(item({ active: false }))],
      hasLocation: false,
      delivery: null,
      paySystem: null,
      values: new Map([['PROP_EMAIL', 'нет']]),
      comment: 'x'.repeat(151),
      minSum: 500_000,
    })
    expect(errors).toEqual({
      MAIN: ['В корзине есть товары без цены. Удалите их, чтобы оформить заказ.', 'Минимальная сумма для заказа составляет 5000 рублей'],
      PAY_SYSTEM: ['Пожалуйста, выберите способ оплаты'],
      REGION: ['Выберите населённый пункт из списка.'],
      DELIVERY: ['Пожалуйста, выберите способ доставки'],
      PROPERTY: ['E-mail: Укажите корректный E-mail адрес.', 'Комментарий к заказу — не более 150 символов.'],
    })
  })

  it('passes on the carrier’s refusal of the chosen delivery', () => {
    expect(orderErrors({ ...ready, quote: { ok: false, message: 'Пункт закрыт' } }).DELIVERY).toEqual(['Пункт закрыт'])
  })
})

describe('order totals of priced lines', () => {
  it('count the gift at zero with its weight, the coupon and the delivery', () => {
    const totals = totalsOf([priceLine(item({ quantity: 2, oldPrice: 120_000 }))], gift, 20_000, 30_000)
    expect(totals).toEqual({
      basePrice: 240_000,
      goodsPrice: 200_000,
      couponDiscount: 20_000,
      discount: 60_000,
      deliveryPrice: 30_000,
      total: 210_000,
      weightGrams: 450,
    })
  })
})
