import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { offers, orders, outbox } from '@/db/schema'
import { checkout, offerWithStock, orderFields, paySystemId, pickupPoint, propIds, visitorWithBasket } from '../../../tests/support/checkout'
import { newVisitor } from '../../../tests/support/http'
import type { RefreshAnswer, SaveAnswer } from './checkout-wire'

type Refresh = RefreshAnswer & { success?: string; redirect?: string }
type Save = SaveAnswer & { success?: string; redirect?: string }
const errorsOf = (body: Save) => ('ERROR' in body.order ? body.order.ERROR : {})

describe('POST /local/components/bitrix/sale.order.ajax/ajax.php refreshOrderAjax', () => {
  it('sends an empty basket back to the cart', async () => {
    const { status, body } = await checkout('refreshOrderAjax', {}, newVisitor())
    expect(status).toBe(200)
    expect(body).toEqual({ success: 'N', redirect: '/personal/cart/' })
  })

  it('answers the whole order with VALUE arrays, deliveries by sort and the rows of the basket', async () => {
    const offer = await offerWithStock(50)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])
    const { body } = await checkout<Refresh>('refreshOrderAjax', {}, visitor)
    expect(body.error).toBe(false)
    const order = body.order!
    expect(order.IS_AUTHORIZED).toBe(false)
    expect(order.COUNTRY_CODE).toBe('RU')
    expect(Object.values(order.PERSON_TYPE).find((p) => p.CHECKED === 'Y')?.NAME).toBe('Физическое лицо')
    for (const p of order.ORDER_PROP.properties) expect(Array.isArray(p.VALUE)).toBe(true)
    const location = order.ORDER_PROP.properties.find((p) => p.IS_LOCATION === 'Y')!
    expect(location.VALUE).toEqual(['moskva'])
    expect(body.locations).toEqual({ [location.ID]: { lastValue: 'moskva' } })
    // DELIVERY is keyed by id (JS orders numeric keys), so the page orders by SORT.
    const bySort = Object.values(order.DELIVERY).sort((a, b) => a.SORT - b.SORT)
    expect(bySort.length).toBeGreaterThan(1)
    expect(bySort[0]?.NAME).toBe('Курьерская доставка')
    expect(Object.values(order.DELIVERY).some((d) => d.CHECKED)).toBe(false)
    expect(order.PAY_SYSTEM.map((p) => p.CODE)).toEqual(['card', 'dolyame', 'cash', 'bill'])
    const row = Object.values(order.GRID.ROWS)[0]!.data
    expect(row.QUANTITY).toBe(2)
    expect(row.PRICE).toBe(offer.price / 100)
    expect(order.TOTAL.ORDER_TOTAL_PRICE).toBe((offer.price * 2) / 100)
    expect(order.TOTAL.ORDER_TOTAL_PRICE_FORMATED).toMatch(/\u00a0₽$/)
  })

  it('falls back to the first person type and clears a delivery or pay system not offered, with a warning', async () => {
    const offer = await offerWithStock(50)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    const fields = await orderFields({ deliveryId: '999', pay: '999', extra: { 'order[PERSON_TYPE]': '77' } })
    const { body } = await checkout<Refresh>('refreshOrderAjax', fields, visitor)
    const order = body.order!
    expect(Object.values(order.PERSON_TYPE).find((p) => p.CHECKED)?.ID).toBe('1')
    expect(Object.values(order.DELIVERY).some((d) => d.CHECKED)).toBe(false)
    expect(order.PAY_SYSTEM.some((p) => p.CHECKED)).toBe(false)
    expect(order.WARNING.DELIVERY?.length).toBe(1)
    expect(order.WARNING.PAY_SYSTEM?.length).toBe(1)
  })

  it('keeps a chosen delivery and pay system and prices the delivery from our data, not the client', async () => {
    const offer = await offerWithStock(50)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    const fields = await orderFields({ props: { MICRO_DELIVERY_PRICE: '1' } })
    const { body } = await checkout<Refresh>('refreshOrderAjax', fields, visitor)
    const order = body.order!
    expect(order.DELIVERY['1']?.CHECKED).toBe('Y')
    expect(order.TOTAL.DELIVERY_PRICE).toBe(order.DELIVERY['1']?.PRICE)
    expect(order.TOTAL.DELIVERY_PRICE).not.toBe(1)
    expect(order.PAY_SYSTEM.find((p) => p.CHECKED)?.CODE).toBe('cash')
  })
})

describe('expired sessid', () => {
  it('answers refresh with HTTP 200 {order: null, error} and save with ERROR.MAIN, changing nothing', async () => {
    const offer = await offerWithStock(50)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    const refresh = await checkout<Refresh>('refreshOrderAjax', {}, visitor, { sessid: 'expired' })
    expect(refresh.status).toBe(200)
    expect(refresh.body.order).toBeNull()
    expect(typeof refresh.body.error).toBe('string')
    const save = await checkout<Save>('saveOrderAjax', await orderFields(), visitor, { sessid: 'expired' })
    expect(save.status).toBe(200)
    expect(errorsOf(save.body).MAIN?.[0]).toMatch(/Сессия устарела/)
    expect(await db().select().from(orders)).toHaveLength(0)
  })
})

describe('coupons', () => {
  async function enter(code: string, quantity = 3, price?: number) {
    const offer = await offerWithStock(100, 3)
    if (price) await db().update(offers).set({ price }).where(eq(offers.id, offer.id))
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity }])
    const { body } = await checkout<Refresh>('enterCoupon', { coupon: code }, visitor)
    return { visitor, order: body.order!, offer }
  }

  it('stores an unknown code and lists it as BAD with the server text', async () => {
    const { order } = await enter('nope-123')
    expect(order.COUPON_LIST).toEqual([{ COUPON: 'NOPE-123', JS_STATUS: 'BAD', STATUS_TEXT: 'не найден', DISCOUNT_NAME: '' }])
  })

  it('applies a percent promo with its discount name and takes it off the total', async () => {
    const { order } = await enter('vita10', 2, 100_000)
    expect(order.COUPON_LIST[0]).toMatchObject({ COUPON: 'VITA10', JS_STATUS: 'APPLIED', STATUS_TEXT: 'применен', DISCOUNT_NAME: 'Скидка 10% по промокоду' })
    expect(order.TOTAL.ORDER_PRICE).toBe(1800)
    const promo = order.ORDER_PROP.properties.find((p) => p.CODE === 'PROMO_CODE')
    expect(promo?.VALUE).toEqual(['VITA10'])
  })

  it('refuses a promo below its minimum sum', async () => {
    const { order } = await enter('VITA10', 1, 50_000)
    expect(order.COUPON_LIST[0]).toMatchObject({ JS_STATUS: 'BAD', STATUS_TEXT: 'действует при заказе от 1000 ₽' })
  })

  it('takes a fixed sum off', async () => {
    const { order } = await enter('MINUS300', 1, 250_000)
    expect(order.COUPON_LIST[0]?.JS_STATUS).toBe('APPLIED')
    expect(order.TOTAL.ORDER_PRICE).toBe(2200)
  })

  it('refuses an expired promo', async () => {
    const { order } = await enter('LETO2024')
    expect(order.COUPON_LIST[0]).toMatchObject({ JS_STATUS: 'BAD', STATUS_TEXT: 'срок действия истек' })
  })

  it('adds the gift of a gift coupon with an empty discount name, its name and picture', async () => {
    const { order } = await enter('PODAROK', 1, 100_000)
    const coupon = order.COUPON_LIST[0]!
    expect(coupon.JS_STATUS).toBe('APPLIED')
    expect(coupon.DISCOUNT_NAME).toBe('')
    expect(coupon.GIFT?.ITEM.NAME).toBe('Витамин C 500 мг с шиповником')
    expect(Object.values(order.GRID.ROWS).some((r) => r.data.IS_GIFT === 'Y' && r.data.PRICE === 0)).toBe(true)
    expect(order.ORDER_PROP.properties.find((p) => p.CODE === 'GIFT_CODE')?.VALUE).toEqual(['PODAROK'])
  })

  it('refuses a single-use coupon once used', async () => {
    await db().execute(sql`update coupons set used_count = 1 where code = 'FIRST500'`)
    const { order } = await enter('FIRST500', 1, 300_000)
    expect(order.COUPON_LIST[0]).toMatchObject({ JS_STATUS: 'BAD', STATUS_TEXT: 'больше не действует' })
    await db().execute(sql`update coupons set used_count = 0 where code = 'FIRST500'`)
  })

  it('removes a code and refreshes', async () => {
    const { visitor } = await enter('VITA10', 2, 100_000)
    const { body } = await checkout<Refresh>('removeCoupon', { coupon: 'VITA10' }, visitor)
    expect(body.order!.COUPON_LIST).toEqual([])
  })
})

describe('saveOrderAjax validation (spec section 5)', () => {
  async function save(props: Record<string, string>, opts: { pay?: string; deliveryId?: string; extra?: Record<string, string> } = {}) {
    const offer = await offerWithStock(50, 5)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    const { body } = await checkout<Save>('saveOrderAjax', await orderFields({ props, ...opts }), visitor)
    return errorsOf(body)
  }

  it.each([
    [{ PROP_NAME: '' }, 'Имя: Обязательное поле.'],
    [{ PROP_LASTNAME: '   ' }, 'Фамилия: Обязательное поле.'],
    [{ PROP_NAME: 'ан@на' }, 'Имя: Укажите корректные данные.'],
    [{ PROP_SECONDNAME: 'Пет@ровна' }, 'Отчество: Укажите корректные данные.'],
    [{ PROP_EMAIL: 'anna@' }, 'E-mail: Укажите корректный E-mail адрес.'],
    [{ PROP_PHONE: '+7 (912) 345-67' }, 'Телефон: Введите корректный телефон.'],
    [{ PROP_PHONE: '+7 (812) 345-67-89' }, 'Телефон: Некорректный код оператора'],
  ])('refuses %j with the spec message', async (props, message) => {
    const errors = await save(props)
    expect(errors.PROPERTY).toContain(message)
    expect(await db().select().from(orders)).toHaveLength(0)
  })

  it('asks for a delivery and a pay system', async () => {
    const errors = await save({}, { pay: '', deliveryId: '' })
    expect(errors.DELIVERY).toEqual(['Пожалуйста, выберите способ доставки'])
    expect(errors.PAY_SYSTEM).toEqual(['Пожалуйста, выберите способ оплаты'])
  })

  it('refuses a pickup point that does not exist', async () => {
    const errors = await save({ MICRO_POINT_ID: 'NO-SUCH-POINT' })
    expect(errors.DELIVERY?.length).toBe(1)
  })

  it('refuses cash on receipt at a point that takes prepayment only, and accepts a card there', async () => {
    const prepaidOnly = await pickupPoint('moskva', 1, false)
    const cash = await save({ MICRO_POINT_ID: prepaidOnly })
    expect(cash.DELIVERY).toEqual(['Только предоплата!'])
    const card = await save({ MICRO_POINT_ID: prepaidOnly }, { pay: await paySystemId('card') })
    expect(card.DELIVERY).toBeUndefined()
    expect(await db().select().from(orders)).toHaveLength(1)
  })

  it('refuses a comment over 150 characters', async () => {
    const errors = await save({}, { extra: { 'order[ORDER_DESCRIPTION]': 'я'.repeat(151) } })
    expect(errors.PROPERTY).toContain('Комментарий к заказу — не более 150 символов.')
  })

  it('refuses an unknown location in the REGION block', async () => {
    const errors = await save({ LOCATION: 'atlantida' })
    expect(errors.REGION?.length).toBe(1)
  })
})

describe('saveOrderAjax', () => {
  it('places the order from database prices, takes the stock, clears the basket and queues two mails', async () => {
    const offer = await offerWithStock(10, 7)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 3 }])
    const fields = await orderFields({ extra: { 'order[PRICE]': '1', 'order[ORDER_TOTAL_PRICE]': '1', 'order[DISCOUNT_PRICE]': '99999' } })
    const { body } = await checkout<Save>('saveOrderAjax', fields, visitor)
    expect('ID' in body.order).toBe(true)
    const id = Number('ID' in body.order ? body.order.ID : 0)
    expect('REDIRECT_URL' in body.order && body.order.REDIRECT_URL).toBe(`/personal/order/?ORDER_ID=${id}`)
    const [order] = await db().select().from(orders).where(eq(orders.id, id))
    expect(order?.goodsPrice).toBe(offer.price * 3)
    expect(order?.status).toBe('new')
    expect(order?.buyerName).toBe('Анна Иванова')
    const [left] = await db().select({ stock: offers.stock }).from(offers).where(eq(offers.id, offer.id))
    expect(left?.stock).toBe(7)
    const basket = await checkout<Refresh>('refreshOrderAjax', {}, visitor)
    expect(basket.body).toEqual({ success: 'N', redirect: '/personal/cart/' })
    const mails = await queryRows<{ subject: string }>(db(), sql`select payload->>'subject' as subject from outbox order by id`)
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([`Заказ №${id} принят`, `Новый заказ №${id}`]))
    expect(await db().select().from(outbox)).not.toHaveLength(0)
  })

  it('puts an online order in awaiting payment with a pending payment', async () => {
    const offer = await offerWithStock(10, 8)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    const { body } = await checkout<Save>('saveOrderAjax', await orderFields({ pay: await paySystemId('card') }), visitor)
    expect(body.order, JSON.stringify(body)).toHaveProperty('ID')
    const id = Number('ID' in body.order ? body.order.ID : 0)
    const [order] = await db().select().from(orders).where(eq(orders.id, id))
    expect(order?.status).toBe('awaiting_payment')
    const pays = await queryRows<{ status: string; amount: number }>(db(), sql`select status, amount from payments where order_id = ${id}`)
    expect(pays).toEqual([{ status: 'pending', amount: order?.total }])
  })

  it('refuses more than the stock with a clear message', async () => {
    const offer = await offerWithStock(2, 9)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 3 }])
    const { body } = await checkout<Save>('saveOrderAjax', await orderFields(), visitor)
    expect(errorsOf(body).MAIN?.[0]).toContain(offer.name)
  })

  it('reads the form flat as the stock page sends it on save', async () => {
    const offer = await offerWithStock(10, 10)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    const nested = await orderFields()
    const flat = Object.fromEntries(Object.entries(nested).map(([k, v]) => [k.replace(/^order\[(.+)\]$/, '$1'), v]))
    const { body } = await checkout<Save>('saveOrderAjax', flat, visitor)
    expect('ID' in body.order).toBe(true)
  })
})

describe('getMaximumQuantity and getMaximumWeight', () => {
  it('answers false under the item limit and the weight map', async () => {
    const offer = await offerWithStock(200, 11)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])
    expect((await checkout('getMaximumQuantity', {}, visitor)).body).toBe(false)
    expect((await checkout('getMaximumWeight', {}, visitor)).body).toEqual({ point: true, courier: true })
  })

  it('answers true over 125 items and blocks heavy parcels', async () => {
    const offer = await offerWithStock(500, 12)
    await db().update(offers).set({ weightGrams: 400 }).where(eq(offers.id, offer.id))
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 126 }])
    expect((await checkout('getMaximumQuantity', {}, visitor)).body).toBe(true)
    expect((await checkout('getMaximumWeight', {}, visitor)).body).toEqual({ point: false, courier: false })
  })
})

describe('unknown action', () => {
  it('is refused with a 400', async () => {
    const ids = await propIds()
    expect(Object.keys(ids)).toContain('PROP_EMAIL')
    const { status } = await checkout('dropTables', {}, newVisitor())
    expect(status).toBe(400)
  })
})
