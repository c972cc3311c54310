import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq, like } from 'drizzle-orm'
import { db } from '@/db/client'
import { courierSlotLoad, courierWindows, offers, pickupPoints } from '@/db/schema'
import { GET } from '@/app/ajax/cart-delivery/route'
import { REGION_COOKIE } from '@/domains/delivery/delivery'
import { courierDays } from '@/domains/delivery/delivery-dates'
import type { DeliverySummary } from '@/domains/delivery/delivery-summary'
import { deliverySummary } from '@/domains/delivery/delivery-summary.server'
import { offerWithStock, visitorWithBasket } from '../../../tests/support/checkout'
import { newVisitor, type Visitor } from '../../../tests/support/http'
import { clearCache } from '@/lib/cache'
import { cartDeliverySummary } from './cart-delivery.server'
import { setClock } from '../../../tests/support/test-hooks'

// Wednesday 4 March 2026, 10:00 Moscow time: parcels leave today.
const NOW = new Date('2026-03-04T07:00:00Z')

afterEach(() => setClock(null))

/** The shop's own points (ADR 187): the demo's one in Moscow is free, so it wins every comparison of carriers. */
async function ownPoints(active: boolean) {
  await db().update(pickupPoints).set({ active }).where(like(pickupPoints.id, 'SHOP-%'))
  clearCache()
}

// These tests compare the carriers' prices, so the shop's own free point is off except where it is the
// subject. The first delivery call of a fresh database counts thousands of seeded points; on a busy
// machine that alone can outlast a test's time limit, so it is paid once here.
beforeAll(async () => {
  await ownPoints(false)
  await deliverySummary('moskva', [{ quantity: 1 }])
}, 120_000)

/** An offer at 1 000 ₽ (in kopecks), in `quantity` in a new guest's basket. */
async function basketOf(quantity: number, skip: number): Promise<Visitor> {
  const offer = await offerWithStock(100, skip)
  await db().update(offers).set({ price: 100_000, oldPrice: null }).where(eq(offers.id, offer.id))
  return visitorWithBasket([{ offerId: offer.id, quantity }])
}

async function summaryOverHttp(visitor: Visitor, region?: string): Promise<DeliverySummary> {
  const cookie = [visitor.cookie, region === undefined ? '' : `${REGION_COOKIE}=${region}`].filter(Boolean).join('; ')
  const response = await GET(new Request('http://localhost/ajax/cart-delivery/', { headers: { cookie } }))
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('no-store')
  return (await response.json()) as DeliverySummary
}

describe('GET /ajax/cart-delivery/ (the cart page’s delivery summary)', () => {
  it('gives the cheapest pickup and courier for the shop’s default city, with dates and what is left to free delivery', async () => {
    setClock(() => NOW)
    const summary = await summaryOverHttp(await basketOf(1, 0))
    expect(summary.city).toEqual({ code: 'moskva', name: 'Москва' })
    // Boxberry (179 ₽, 1–3 days) is cheaper than СДЭК (199 ₽); what is left counts to the nearest pickup
    // threshold, СДЭК's 5 000 ₽ (Boxberry's is 6 000 ₽).
    expect(summary.pickup).toEqual({
      serviceName: 'Пункты выдачи Boxberry',
      priceKopecks: 17_900,
      dateFrom: '2026-03-05',
      dateTo: '2026-03-07',
      toFree: { leftKopecks: 400_000, serviceName: 'Пункты выдачи СДЭК' },
    })
    // The courier: the first courier day (the schedule's own rule), free from 7 000 ₽.
    const firstCourierDay = courierDays(NOW, 1)[0]
    expect(summary.courier).toEqual({
      serviceName: 'Курьерская доставка',
      priceKopecks: 34_900,
      dateFrom: firstCourierDay,
      dateTo: firstCourierDay,
      toFree: { leftKopecks: 600_000, serviceName: 'Курьерская доставка' },
    })
  })

  it('follows the region cookie the place search set, as the checkout does; an unknown place falls back to the default', async () => {
    setClock(() => NOW)
    const visitor = await basketOf(1, 1)
    expect((await summaryOverHttp(visitor, 'kazan')).city?.code).toBe('kazan')
    expect((await summaryOverHttp(visitor, 'atlantida')).city?.code).toBe('moskva')
    expect((await summaryOverHttp(visitor)).city?.code).toBe('moskva')
  })

  it('shows a free pickup once the goods reach its threshold, and what the courier still needs', async () => {
    setClock(() => NOW)
    const summary = await summaryOverHttp(await basketOf(5, 2))
    expect(summary.pickup).toMatchObject({ priceKopecks: 0, toFree: null, serviceName: 'Пункты выдачи СДЭК' })
    expect(summary.courier).toMatchObject({ priceKopecks: 34_900, toFree: { leftKopecks: 200_000, serviceName: 'Курьерская доставка' } })
  })

  it('moves the courier date past a day whose windows are all taken', async () => {
    setClock(() => NOW)
    const visitor = await basketOf(1, 3)
    const [first, second] = courierDays(NOW, 1)
    const windows = await db().select().from(courierWindows)
    for (const w of windows) {
      await db().insert(courierSlotLoad).values({ cityCode: 'moskva', date: first!, windowId: w.id, booked: w.capacity, capacity: w.capacity })
    }
    expect((await summaryOverHttp(visitor)).courier).toMatchObject({ dateFrom: second, dateTo: second })
  })

  it('puts the shop’s own free pickup point first where the city has one (ADR 187)', async () => {
    setClock(() => NOW)
    await ownPoints(true)
    try {
      const summary = await summaryOverHttp(await basketOf(1, 4))
      expect(summary.pickup).toMatchObject({ serviceName: 'Самовывоз из пункта магазина', priceKopecks: 0, toFree: null })
    } finally {
      await ownPoints(false)
    }
  })

  it('is empty for an empty basket or a visitor without a session', async () => {
    expect(await summaryOverHttp(newVisitor(), 'kazan')).toEqual({ city: null, pickup: null, courier: null })
    expect(await cartDeliverySummary('', 'kazan')).toEqual({ city: null, pickup: null, courier: null })
  })
})

describe('deliverySummary', () => {
  const light = [{ name: 'Витамин D3', externalId: 1, priceKopecks: 99_000, quantity: 1, weight: 150 }]

  it('knows no city: nothing to show, the page asks for the place', async () => {
    expect(await deliverySummary('atlantida', light)).toEqual({ city: null, pickup: null, courier: null })
    expect(await deliverySummary('', light)).toEqual({ city: null, pickup: null, courier: null })
  })

  it('leaves out the methods a heavy basket exceeds and has no courier where it does not go', async () => {
    setClock(() => NOW)
    // 18 kg: over Boxberry's 15 kg, within СДЭК's 30 kg and the courier's 25 kg.
    const heavy = await deliverySummary('moskva', [{ priceKopecks: 10_000, weight: 1000, quantity: 18 }])
    expect(heavy.pickup?.serviceName).toBe('Пункты выдачи СДЭК')
    expect(heavy.courier).not.toBeNull()
    const kaliningrad = await deliverySummary('kaliningrad', light)
    expect(kaliningrad.city?.code).toBe('kaliningrad')
    expect(kaliningrad.courier).toBeNull()
  })
})
