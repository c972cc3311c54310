import { afterEach, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { db } from '@/db/client'
import { courierSlotLoad, courierWindows, pickupPoints } from '@/db/schema'
import { clearCache } from '@/lib/cache'
import {
  bookCourierSlot,
  listDeliveryOptions,
  quoteDeliveryChoice,
  releaseCourierSlot,
  DELIVERY_MESSAGES,
} from './delivery.server'
import { setClock, setSlotGuard } from '../../../tests/support/test-hooks'

// Wednesday 4 March 2026, 10:00 Moscow time.
const NOW = new Date('2026-03-04T07:00:00Z')
const light = [{ name: 'Витамин D3', externalId: 1, priceKopecks: 99_000, quantity: 1, weight: 150 }]

afterEach(() => {
  setClock(null)
  setSlotGuard(true)
})

describe('seeded delivery data', () => {
  it('has more than 1 000 pickup points in Moscow and in Saint Petersburg', async () => {
    const rows = await db()
      .select({ city: pickupPoints.cityCode, n: sql<number>`count(*)::int` })
      .from(pickupPoints)
      .groupBy(pickupPoints.cityCode)
    const byCity = new Map(rows.map((r) => [r.city, Number(r.n)]))
    expect(byCity.get('moskva')).toBeGreaterThan(1000)
    expect(byCity.get('sankt-peterburg')).toBeGreaterThan(1000)
    expect([...byCity.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(5000)
  })
})

describe('listDeliveryOptions', () => {
  it('lists every method of Moscow by sort with prices in kopecks and periods', async () => {
    const options = await listDeliveryOptions({ cityCode: 'moskva', basket: light })
    expect(options.map((o) => o.code)).toEqual(['courier', 'sdek', 'boxberry', 'russianpost', 'shop'])
    expect(options.map((o) => o.type)).toEqual(['courier', 'pickup', 'pickup', 'postal', 'pickup'])
    const sdek = options.find((o) => o.code === 'sdek')!
    expect(sdek).toMatchObject({ id: 1, priceKopecks: 19_900, periodText: 'от 1 до 2 дней', blocked: false })
    expect(sdek.logo).toMatch(/sdek\.svg$/)
  })

  it('makes a method free over its threshold', async () => {
    const options = await listDeliveryOptions({ cityCode: 'moskva', basket: [{ priceKopecks: 600_000, weight: 100 }] })
    expect(options.find((o) => o.code === 'sdek')!.priceKopecks).toBe(0)
    expect(options.find((o) => o.code === 'russianpost')!.priceKopecks).toBeGreaterThan(0)
  })

  it('blocks the methods a heavy basket exceeds, with the spec message', async () => {
    const options = await listDeliveryOptions({ cityCode: 'moskva', basket: [{ weight: 1000, quantity: 18 }] })
    const boxberry = options.find((o) => o.code === 'boxberry')!
    expect(boxberry.blocked).toBe(true)
    expect(boxberry.blockedMessage).toBe(DELIVERY_MESSAGES.overWeight)
    expect(options.find((o) => o.code === 'sdek')!.blocked).toBe(false)
  })

  it('has no courier where the courier does not go, and nothing for an unknown city', async () => {
    const options = await listDeliveryOptions({ cityCode: 'kaliningrad', basket: light })
    expect(options.some((o) => o.type === 'courier')).toBe(false)
    expect(options.length).toBeGreaterThan(0)
    expect(await listDeliveryOptions({ cityCode: 'atlantida', basket: light })).toEqual([])
    expect(await listDeliveryOptions({ cityCode: '', basket: light })).toEqual([])
  })
})

describe('quoteDeliveryChoice', () => {
  it('recomputes the price of a point from our tariff', async () => {
    setClock(() => NOW)
    const quote = await quoteDeliveryChoice(db(), { deliveryId: 1, cityCode: 'moskva', pointId: 'SDK-MOSKVA-0001', basket: light })
    expect(quote).toEqual({ ok: true, priceKopecks: 19_900, periodText: 'от 1 до 2 дней', shipDateFrom: '05.03.2026', shipDateTo: '06.03.2026' })
  })

  it('refuses a point of another carrier, another city, or an unknown point', async () => {
    const unavailable = { ok: false, message: DELIVERY_MESSAGES.pointUnavailable }
    expect(await quoteDeliveryChoice(db(), { deliveryId: 2, cityCode: 'moskva', pointId: 'SDK-MOSKVA-0001', basket: light })).toEqual(unavailable)
    expect(await quoteDeliveryChoice(db(), { deliveryId: 1, cityCode: 'kazan', pointId: 'SDK-MOSKVA-0001', basket: light })).toEqual(unavailable)
    expect(await quoteDeliveryChoice(db(), { deliveryId: 1, cityCode: 'moskva', pointId: 'SDK-MOSKVA-9999', basket: light })).toEqual(unavailable)
    expect(await quoteDeliveryChoice(db(), { deliveryId: 1, cityCode: 'moskva', pointId: 'SDK\u0000', basket: light })).toEqual(unavailable)
    expect(await quoteDeliveryChoice(db(), { deliveryId: 1, cityCode: 'mos\u0000kva', pointId: 'SDK-MOSKVA-0001', basket: light })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.unknownCity,
    })
    expect(await quoteDeliveryChoice(db(), { deliveryId: 1, cityCode: 'moskva', pointId: ' ', basket: light })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.choosePoint,
    })
    expect(await quoteDeliveryChoice(db(), { deliveryId: 999, cityCode: 'moskva', basket: light })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.chooseDelivery,
    })
  })

  it('refuses a prepaid-only point when paying on receipt', async () => {
    const [prepaid] = await db()
      .select({ id: pickupPoints.id })
      .from(pickupPoints)
      .where(sql`${pickupPoints.serviceId} = 1 and ${pickupPoints.cityCode} = 'moskva' and not ${pickupPoints.canGetPayment}`)
      .limit(1)
    const input = { deliveryId: 1, cityCode: 'moskva', pointId: prepaid!.id, basket: light }
    expect(await quoteDeliveryChoice(db(), { ...input, postPay: true })).toEqual({ ok: false, message: 'Только предоплата!' })
    expect((await quoteDeliveryChoice(db(), input)).ok).toBe(true)
  })

  it('refuses an inactive point', async () => {
    await db().update(pickupPoints).set({ active: false }).where(eq(pickupPoints.id, 'BXB-MOSKVA-0002'))
    const quote = await quoteDeliveryChoice(db(), { deliveryId: 2, cityCode: 'moskva', pointId: 'BXB-MOSKVA-0002', basket: light })
    expect(quote).toEqual({ ok: false, message: DELIVERY_MESSAGES.pointUnavailable })
  })

  it('quotes a courier slot and refuses a past, unknown or missing one', async () => {
    setClock(() => NOW)
    const base = { deliveryId: 4, cityCode: 'moskva', address: 'г Москва, ул Тверская, д 1', basket: light }
    expect(await quoteDeliveryChoice(db(), { ...base, slot: { date: '05.03.2026', time: '10:00 - 14:00' } })).toMatchObject({
      ok: true,
      priceKopecks: 34_900,
      shipDateFrom: '05.03.2026',
    })
    expect(await quoteDeliveryChoice(db(), { ...base, slot: { date: '03.03.2026', time: '10:00 - 14:00' } })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.slotPast,
    })
    expect(await quoteDeliveryChoice(db(), { ...base, slot: { date: '08.03.2026', time: '10:00 - 14:00' } })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.slotUnknown,
    })
    expect(await quoteDeliveryChoice(db(), { ...base, slot: { date: '05.03.2026', time: '07:00 - 09:00' } })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.slotUnknown,
    })
    expect(await quoteDeliveryChoice(db(), { ...base, slot: { date: '', time: '' } })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.required,
    })
    expect(await quoteDeliveryChoice(db(), { ...base, address: '', slot: { date: '05.03.2026', time: '10:00 - 14:00' } })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.fullAddress,
    })
  })

  it('refuses the courier in a city it does not serve', async () => {
    const quote = await quoteDeliveryChoice(db(), {
      deliveryId: 4,
      cityCode: 'kaliningrad',
      address: 'ул Ленина, д 1',
      slot: { date: '05.03.2026', time: '10:00 - 14:00' },
      basket: light,
    })
    expect(quote).toEqual({ ok: false, message: DELIVERY_MESSAGES.courierImpossible })
  })
})

describe('courier slot capacity (R4)', () => {
  const slot = { cityCode: 'moskva', date: '06.03.2026', time: '14:00 - 18:00' }

  async function race(date: string) {
    clearCache()
    await db().update(courierWindows).set({ capacity: 3 }).where(eq(courierWindows.timeFrom, '14:00'))
    const results = await Promise.all(
      Array.from({ length: 30 }, () => db().transaction((tx) => bookCourierSlot(tx, { ...slot, date }))),
    )
    const [load] = await db()
      .select()
      .from(courierSlotLoad)
      .where(sql`${courierSlotLoad.cityCode} = 'moskva' and ${courierSlotLoad.date} = ${date.split('.').reverse().join('-')}`)
    return { won: results.filter(Boolean).length, lost: results.filter((r) => !r).length, booked: load?.booked }
  }

  it('30 concurrent bookings of a slot with capacity 3: exactly 3 get it', async () => {
    setClock(() => NOW)
    expect(await race('06.03.2026')).toEqual({ won: 3, lost: 27, booked: 3 })
    const quote = await quoteDeliveryChoice(db(), {
      deliveryId: 4,
      cityCode: 'moskva',
      address: 'г Москва, ул Тверская, д 1',
      slot: { date: '06.03.2026', time: '14:00 - 18:00' },
      basket: light,
    })
    expect(quote).toEqual({ ok: false, message: DELIVERY_MESSAGES.slotFull })
  })

  // The overbooking negative control (no condition, no CHECK) runs through the checkout: checkout-races R4.
  it('without the conditional update the CHECK (booked <= capacity) still stops the race at 3', async () => {
    setClock(() => NOW)
    setSlotGuard(false)
    expect(await race('07.03.2026')).toEqual({ won: 3, lost: 27, booked: 3 })
  })

  it('a released place can be booked again, and releasing an empty slot does nothing', async () => {
    setClock(() => NOW)
    await db().transaction((tx) => releaseCourierSlot(tx, slot))
    expect(await db().transaction((tx) => bookCourierSlot(tx, slot))).toBe(true)
    expect(await db().transaction((tx) => bookCourierSlot(tx, slot))).toBe(false)
    expect(await releaseCourierSlot(db(), { ...slot, date: '11.03.2026' })).toBe(false)
  })

  it('refuses to book a past slot or one that is not offered', async () => {
    setClock(() => NOW)
    expect(await bookCourierSlot(db(), { ...slot, date: '03.03.2026' })).toBe(false)
    expect(await bookCourierSlot(db(), { ...slot, time: '01:00 - 02:00' })).toBe(false)
    expect(await bookCourierSlot(db(), { ...slot, cityCode: 'kaliningrad' })).toBe(false)
  })
})
