import { describe, expect, it } from 'vitest'
import { EXAMPLE_SHOP_DETAILS } from '@/domains/layout/shop'
import { documentAmount, documentDate, documentWeight, invoiceModel, packingSlipModel, prorate, shortDate, type PrintOrder, type PrintOrderLine } from './print-forms'
import { printQuery } from './print-forms.schema'

const shop = { ...EXAMPLE_SHOP_DETAILS, example: false }

const line = (over: Partial<PrintOrderLine> = {}): PrintOrderLine => ({
  name: 'Омега-3',
  sku: 'OM-60',
  properties: { 'Фасовка': '60 капсул', 'Вкус': 'Лимон' },
  quantity: 2,
  price: 50_000,
  sum: 100_000,
  weightGrams: 150,
  vatPercent: 0,
  gift: false,
  ...over,
})

const order = (over: Partial<PrintOrder> = {}): PrintOrder => ({
  id: 1042,
  // 21:30 UTC is already the next day in Moscow.
  createdAt: new Date('2026-11-24T21:30:00Z'),
  buyerName: 'Пётр Сидоров',
  email: 'petr@example.ru',
  phone: '+7 921 555-44-33',
  comment: 'Позвонить за час',
  props: {},
  deliveryName: 'Курьер',
  locationName: 'Москва',
  address: 'ул. Ленина, д. 1, кв. 5',
  paySystemName: 'Счёт для юрлиц',
  couponCode: null,
  goodsPrice: 125_000,
  deliveryPrice: 0,
  total: 125_000,
  weightGrams: 0,
  lines: [line(), line({ name: 'Витамин D3', sku: 'D3-30', properties: { 'Фасовка': '30 таблеток' }, quantity: 1, price: 25_000, sum: 25_000, weightGrams: 50 })],
  ...over,
})

describe('invoiceModel', () => {
  it('titles the invoice with the number and the Moscow date, and says the total in words', () => {
    const doc = invoiceModel(order(), shop)
    expect(doc.title).toBe('Счёт на оплату № 1042 от 25 ноября 2026 г.')
    expect(doc.inWords).toBe('Одна тысяча двести пятьдесят рублей 00 копеек')
    expect(doc.summary).toBe('Всего наименований 2, на сумму 1\u00a0250,00 руб.')
    expect(doc.rows).toEqual([
      { n: 1, name: 'Омега-3', quantity: 2, unit: 'шт.', price: 50_000, sum: 100_000 },
      { n: 2, name: 'Витамин D3', quantity: 1, unit: 'шт.', price: 25_000, sum: 25_000 },
    ])
  })

  it('puts the payee bank block and the supplier from the shop details, the buyer from the order', () => {
    const doc = invoiceModel(order(), shop)
    expect(doc.payee).toEqual({ bankName: shop.bankName, bik: shop.bik, corrAccount: shop.corrAccount, account: shop.account, inn: shop.inn, kpp: shop.kpp, name: shop.legalName })
    expect(doc.supplier).toBe(`${shop.legalName}, ИНН ${shop.inn}, КПП ${shop.kpp}, ${shop.address}, тел. ${shop.phone}`)
    expect(doc.buyer).toBe('Пётр Сидоров, тел. +7 921 555-44-33, petr@example.ru')
    expect(doc.example).toBe(false)
    expect(invoiceModel(order(), { ...shop, example: true }).example).toBe(true)
  })

  it('names a company buyer with its ИНН', () => {
    const doc = invoiceModel(order({ props: { PROP_COMPANY: 'ООО «Ромашка»', PROP_INN: '7812345678' } }), shop)
    expect(doc.buyer).toBe('ООО «Ромашка», ИНН 7812345678, тел. +7 921 555-44-33')
  })

  it('says «Без НДС» when no line carries VAT', () => {
    expect(invoiceModel(order(), shop).totals).toEqual([
      { label: 'Итого:', amount: 125_000 },
      { label: 'Без НДС', amount: null },
      { label: 'Всего к оплате:', amount: 125_000 },
    ])
  })

  it('adds delivery as a service line, takes the coupon off and counts VAT inside the discounted prices per rate', () => {
    const doc = invoiceModel(
      order({
        lines: [line({ vatPercent: 20, quantity: 1, price: 120_000, sum: 120_000 }), line({ name: 'Чай', vatPercent: 10, quantity: 1, price: 11_000, sum: 11_000 })],
        couponCode: 'SALE10',
        goodsPrice: 117_900,
        deliveryPrice: 30_000,
        total: 147_900,
      }),
      shop,
    )
    expect(doc.rows[2]).toEqual({ n: 3, name: 'Доставка: Курьер', quantity: 1, unit: 'усл.', price: 30_000, sum: 30_000 })
    // Discount 13 100 split 12 000 / 1 100; VAT 20/120 of 108 000 and 10/110 of 9 900.
    expect(doc.totals).toEqual([
      { label: 'Итого:', amount: 161_000 },
      { label: 'Скидка по промокоду SALE10:', amount: -13_100 },
      { label: 'В том числе НДС 20%:', amount: 18_000 },
      { label: 'В том числе НДС 10%:', amount: 900 },
      { label: 'Всего к оплате:', amount: 147_900 },
    ])
    expect(doc.summary).toBe('Всего наименований 3, на сумму 1\u00a0479,00 руб.')
    expect(doc.inWords).toBe('Одна тысяча четыреста семьдесят девять рублей 00 копеек')
  })
})

describe('packingSlipModel', () => {
  it('lists articles, names, properties and quantities, with the weight from the lines when the order has none', () => {
    const doc = packingSlipModel(order())
    expect(doc.title).toBe('Упаковочный лист к заказу № 1042')
    expect(doc.date).toBe('25.11.2026')
    expect(doc.rows).toEqual([
      { n: 1, sku: 'OM-60', name: 'Омега-3', properties: 'Фасовка: 60 капсул; Вкус: Лимон', quantity: 2, gift: false },
      { n: 2, sku: 'D3-30', name: 'Витамин D3', properties: 'Фасовка: 30 таблеток', quantity: 1, gift: false },
    ])
    expect(doc.count).toBe('Всего: 2 позиции, 3 шт.')
    expect(doc.weight).toBe('350 г')
    expect(doc.comment).toBe('Позвонить за час')
    expect(packingSlipModel(order({ weightGrams: 1250 })).weight).toBe('1,25 кг')
  })

  it('says where it goes: a courier address with the slot, or a pickup point', () => {
    const courier = packingSlipModel(order({ props: { MICRO_SOURCE: 'courier', MICRO_SHIP_DATE_FROM: '27.11.2026', MICRO_POINT_ID: '10:00–14:00', PROP_ADDRESS: 'ул. Ленина, д. 1' } }))
    expect(courier.destination).toBe('Москва, ул. Ленина, д. 1, доставка 27.11.2026, 10:00–14:00')
    const point = packingSlipModel(order({ address: '', props: { MICRO_SOURCE: 'pvz', MICRO_POINT_ID: 'MSK123', PROP_ADDRESS: 'ул. Тверская, д. 7' } }))
    expect(point.destination).toBe('Москва, пункт выдачи MSK123, ул. Тверская, д. 7')
    expect(courier.phone).toBe('+7 921 555-44-33')
    expect(courier.delivery).toBe('Курьер')
  })
})

describe('document formatting', () => {
  it('prints sums with two kopeck digits and grouped roubles', () => {
    expect(documentAmount(0)).toBe('0,00')
    expect(documentAmount(5)).toBe('0,05')
    expect(documentAmount(125_000)).toBe('1\u00a0250,00')
    expect(documentAmount(123_456_789)).toBe('1\u00a0234\u00a0567,89')
    expect(documentAmount(-13_100)).toBe('−131,00')
  })

  it('dates in Moscow', () => {
    expect(documentDate(new Date('2026-01-01T00:00:00+03:00'))).toBe('1 января 2026 г.')
    expect(shortDate(new Date('2026-03-08T20:59:00Z'))).toBe('08.03.2026')
    expect(shortDate(new Date('2026-03-08T21:00:00Z'))).toBe('09.03.2026')
  })

  it('weighs in grams and kilograms', () => {
    expect(documentWeight(999)).toBe('999 г')
    expect(documentWeight(1000)).toBe('1 кг')
  })

  it('prorates whole kopecks that add up', () => {
    expect(prorate(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(prorate(13_100, [120_000, 11_000])).toEqual([12_000, 1_100])
    expect(prorate(5, [0, 0])).toEqual([0, 0])
  })
})

describe('printQuery', () => {
  it('reads ids once each, in order, and the form', () => {
    expect(printQuery.parse({ ids: '12, 5,12', form: 'packing' })).toEqual({ ids: [12, 5], form: 'packing' })
    expect(printQuery.parse({ ids: '7' })).toEqual({ ids: [7], form: 'invoice' })
    // No ids is an empty job; the use-case refuses it as nothing found.
    expect(printQuery.parse({})).toEqual({ ids: [], form: 'invoice' })
  })

  it('refuses junk, zero, too many and an unknown form in Russian', () => {
    for (const bad of [{ ids: 'a,b' }, { ids: ',' }, { ids: '0' }, { ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }, { ids: '1', form: 'act' }]) {
      const result = printQuery.safeParse(bad)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toMatch(/[а-я]/)
    }
  })
})
