import { and, eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { GET as pointsGet, POST as pointsPost } from '@/app/api/admin/delivery/points/route'
import { PATCH as pointPatch } from '@/app/api/admin/delivery/points/[id]/route'
import { GET as zonesGet } from '@/app/api/admin/delivery/zones/route'
import { GET as ownPickupGet, POST as ownPickupPost } from '@/app/api/admin/delivery/own-pickup/route'
import { DELETE as zoneDelete, POST as zonePost } from '@/app/api/admin/delivery/zones/[city]/route'
import { POST as pvz } from '@/app/ajax/VuePvzComponent/route'
import { db } from '@/db/client'
import { auditLog, pickupPoints } from '@/db/schema'
import { clearCache } from '@/lib/cache'
import { formPost, newVisitor } from '../../../../tests/support/http'
import { reloadEnv } from '../../../../tests/support/test-hooks'
import { adminRequest, signedInStaff } from '../../../../tests/support/staff'
import { DELIVERY_MESSAGES } from '../delivery'
import { DEMO_POINTS_NOTE, listDeliveryOptions, quoteDeliveryChoice } from '../delivery.server'

/**
 * The shop's own delivery (ADR 187) through the back office's REST API, and what the checkout then
 * offers: own pickup points and courier zones, and in production mode without carrier keys nothing
 * else (the demo's invented carrier points never).
 */
const visitor = newVisitor()
const basket = [{ name: 'Омега-3', externalId: 12, priceKopecks: 99_000, quantity: 1, weight: 200 }]
type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>

let owner: string
let manager: string

beforeAll(async () => {
  owner = (await signedInStaff('owner')).cookie
  manager = (await signedInStaff('manager')).cookie
})

afterEach(() => {
  vi.unstubAllEnvs()
  reloadEnv()
  clearCache()
})

async function call(handler: Handler, cookie: string, method: string, path: string, body?: unknown, params: Record<string, string> = {}) {
  const response = await handler(adminRequest(method, path, { cookie }, body), { params: Promise.resolve(params) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const kazanPoint = {
  cityCode: 'kazan',
  name: 'Пункт выдачи магазина на Баумана',
  address: 'ул Баумана, д 51',
  addressComment: 'Вход с улицы',
  workTime: 'Пн-Пт 10:00-20:00',
  phone: '+7 (843) 000-00-00',
  lat: 55.7887,
  lon: 49.1221,
}

async function pickerPoints(city: string, type: string) {
  const res = await pvz(formPost('/ajax/VuePvzComponent/', { action: 'getPoints', city, type }, visitor))
  return { status: res.status, body: (await res.json()) as { points?: { id: string }[]; error?: string } }
}

function goProduction() {
  vi.stubEnv('SHOP_MODE', 'production')
  vi.stubEnv('PUBLIC_URL', 'https://vitamarket.example')
  reloadEnv()
  clearCache()
}

describe('the price of own pickup (ADR 195)', () => {
  it('the owner sets a price with a free-from threshold; the checkout shows it, free above the threshold; a manager may not', async () => {
    const path = '/api/admin/delivery/own-pickup/'
    expect((await call(ownPickupGet, owner, 'GET', path)).body).toEqual({ priceKopecks: 0, freeFromKopecks: null, daysFrom: 1, daysTo: 2 })
    const free = await listDeliveryOptions({ cityCode: 'moskva', basket })
    expect(free.find((o) => o.code === 'shop')).toMatchObject({ priceKopecks: 0 })

    const refused = await call(ownPickupPost, manager, 'POST', path, { priceKopecks: 15_000, freeFromKopecks: 300_000, daysFrom: 1, daysTo: 2 })
    expect(refused.status).toBe(403)
    const bad = await call(ownPickupPost, owner, 'POST', path, { priceKopecks: 15_000, freeFromKopecks: null, daysFrom: 3, daysTo: 1 })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('Срок «до» не может быть меньше срока «от».')

    try {
      const set = await call(ownPickupPost, owner, 'POST', path, { priceKopecks: 15_000, freeFromKopecks: 300_000, daysFrom: 1, daysTo: 3 })
      expect(set).toEqual({ status: 200, body: { priceKopecks: 15_000, freeFromKopecks: 300_000, daysFrom: 1, daysTo: 3 } })
      const [audit] = await db().select().from(auditLog).where(eq(auditLog.objectType, 'delivery-own-pickup'))
      expect(audit).toMatchObject({ action: 'update', after: { priceKopecks: 15_000 } })

      // The checkout: 150 ₽ for a 990 ₽ basket, on every distance zone, free from 3 000 ₽.
      const priced = await listDeliveryOptions({ cityCode: 'moskva', basket })
      expect(priced.find((o) => o.code === 'shop')).toMatchObject({ priceKopecks: 15_000, periodText: 'от 1 до 3 дней' })
      const big = await listDeliveryOptions({ cityCode: 'moskva', basket: [{ ...basket[0]!, priceKopecks: 300_000 }] })
      expect(big.find((o) => o.code === 'shop')).toMatchObject({ priceKopecks: 0 })
      // The point's detail in the picker says the same price.
      const info = await pvz(formPost('/ajax/VuePvzComponent/', { action: 'getInfo', type: 'shop', id: 'SHOP-DEMO-0001', city: 'moskva', basket: JSON.stringify([{ name: 'Омега-3', id: 12, price: 990, quantity: 1, weight: 200 }]) }, visitor))
      expect(await info.json()).toMatchObject({ id: 'SHOP-DEMO-0001', price: 150 })
    } finally {
      await call(ownPickupPost, owner, 'POST', path, { priceKopecks: 0, freeFromKopecks: null, daysFrom: 1, daysTo: 2 })
    }
  })
})

describe('own pickup points', () => {
  it('the owner adds one; the checkout offers pickup there at once, and a point taken out of use goes', async () => {
    const before = await listDeliveryOptions({ cityCode: 'kazan', basket })
    expect(before.map((o) => o.code)).not.toContain('shop')

    const created = await call(pointsPost, owner, 'POST', '/api/admin/delivery/points/', kazanPoint)
    expect(created.status).toBe(200)
    const id = String(created.body.id)
    expect(id).toMatch(/^SHOP-[0-9A-F]{8}$/)
    expect(created.body).toMatchObject({ cityName: 'Казань', active: true, canGetPayment: true })
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.objectType, 'delivery-point'), eq(auditLog.objectId, id)))
    expect(audit?.action).toBe('create')

    // The cache of the option list and the map follows the edit (the `delivery` tag is announced).
    const shop = (await listDeliveryOptions({ cityCode: 'kazan', basket })).find((o) => o.code === 'shop')
    expect(shop).toMatchObject({ id: 5, type: 'pickup', priceKopecks: 0, periodText: 'от 1 до 2 дней' })
    expect(shop!.description).not.toContain(DEMO_POINTS_NOTE)
    expect((await pickerPoints('kazan', 'shop')).body.points?.map((p) => p.id)).toEqual([id])
    expect(await quoteDeliveryChoice(db(), { deliveryId: 5, cityCode: 'kazan', pointId: id, basket })).toMatchObject({ ok: true, priceKopecks: 0 })

    const listed = await call(pointsGet, owner, 'GET', '/api/admin/delivery/points/')
    expect((listed.body.items as { id: string }[]).map((p) => p.id)).toContain(id)

    const off = await call(pointPatch, owner, 'PATCH', `/api/admin/delivery/points/${id}/`, { active: false }, { id })
    expect(off.status).toBe(200)
    expect((await listDeliveryOptions({ cityCode: 'kazan', basket })).map((o) => o.code)).not.toContain('shop')
    expect(await quoteDeliveryChoice(db(), { deliveryId: 5, cityCode: 'kazan', pointId: id, basket })).toEqual({ ok: false, message: DELIVERY_MESSAGES.pointUnavailable })
    // Kept for the orders that name it.
    expect((await db().select().from(pickupPoints).where(eq(pickupPoints.id, id))).length).toBe(1)
  })

  it('refuses a manager (settings.write), an unknown city and bad coordinates, with Russian messages', async () => {
    expect((await call(pointsPost, manager, 'POST', '/api/admin/delivery/points/', kazanPoint)).status).toBe(403)
    const city = await call(pointsPost, owner, 'POST', '/api/admin/delivery/points/', { ...kazanPoint, cityCode: 'atlantida' })
    expect(city.status).toBe(400)
    expect(city.body.error).toBe('Город не найден. Выберите город из списка.')
    const coords = await call(pointsPost, owner, 'POST', '/api/admin/delivery/points/', { ...kazanPoint, lat: 123 })
    expect(coords.status).toBe(400)
    expect(JSON.stringify(coords.body)).toContain('Координаты')
    const unknown = await call(pointPatch, owner, 'PATCH', '/api/admin/delivery/points/SDK-MOSKVA-0001/', { name: 'x' }, { id: 'SDK-MOSKVA-0001' })
    // A carrier's point is not the shop's to edit.
    expect(unknown.status).toBe(404)
  })
})

describe('own courier zones', () => {
  it('a city added with its own price and threshold is offered at that price, free above it, and gone when removed', async () => {
    expect((await listDeliveryOptions({ cityCode: 'tver', basket })).map((o) => o.code)).not.toContain('courier')
    const put = await call(zonePost, owner, 'POST', '/api/admin/delivery/zones/tver/', { leadDays: 2, priceKopecks: 25_000, freeFromKopecks: 300_000 }, { city: 'tver' })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ cityCode: 'tver', cityName: 'Тверь', leadDays: 2, priceKopecks: 25_000 })

    const courier = (await listDeliveryOptions({ cityCode: 'tver', basket })).find((o) => o.code === 'courier')
    expect(courier).toMatchObject({ priceKopecks: 25_000, periodText: '2 дня' })
    const rich = (await listDeliveryOptions({ cityCode: 'tver', basket: [{ ...basket[0]!, priceKopecks: 300_000 }] })).find((o) => o.code === 'courier')
    expect(rich?.priceKopecks).toBe(0)

    const zones = await call(zonesGet, owner, 'GET', '/api/admin/delivery/zones/')
    expect((zones.body.items as { cityCode: string }[]).some((z) => z.cityCode === 'tver')).toBe(true)

    const bad = await call(zonePost, owner, 'POST', '/api/admin/delivery/zones/tver/', { leadDays: 2, priceKopecks: -5, freeFromKopecks: null }, { city: 'tver' })
    expect(bad.status).toBe(400)

    expect((await call(zoneDelete, owner, 'DELETE', '/api/admin/delivery/zones/tver/', undefined, { city: 'tver' })).status).toBe(200)
    expect((await listDeliveryOptions({ cityCode: 'tver', basket })).map((o) => o.code)).not.toContain('courier')
    expect((await call(zoneDelete, owner, 'DELETE', '/api/admin/delivery/zones/tver/', undefined, { city: 'tver' })).status).toBe(404)
  })
})

describe('production mode without carrier keys', () => {
  it('offers only the shop own pickup and courier; the demo carriers never, even with their points left active', async () => {
    const created = await call(pointsPost, owner, 'POST', '/api/admin/delivery/points/', { ...kazanPoint, cityCode: 'moskva', name: 'Пункт на Тверской', lat: 55.76, lon: 37.61 })
    const id = String(created.body.id)

    // Negative control: in the demo the invented СДЭК points are offered, marked as demo data.
    const demo = await listDeliveryOptions({ cityCode: 'moskva', basket })
    expect(demo.find((o) => o.code === 'sdek')?.description).toContain(DEMO_POINTS_NOTE)
    expect((await quoteDeliveryChoice(db(), { deliveryId: 1, cityCode: 'moskva', pointId: 'SDK-MOSKVA-0001', basket })).ok).toBe(true)

    // The demo points are still active here (no production seed ran): the rule alone keeps them out.
    goProduction()
    const offered = await listDeliveryOptions({ cityCode: 'moskva', basket })
    expect(offered.map((o) => o.code).sort()).toEqual(['courier', 'shop'])
    expect(offered.every((o) => !o.description.includes(DEMO_POINTS_NOTE))).toBe(true)
    expect(await quoteDeliveryChoice(db(), { deliveryId: 1, cityCode: 'moskva', pointId: 'SDK-MOSKVA-0001', basket })).toEqual({ ok: false, message: DELIVERY_MESSAGES.pointUnavailable })
    expect((await pickerPoints('moskva', 'sdek')).status).toBe(400)
    const own = await pickerPoints('moskva', 'shop')
    expect(own.body.points?.map((p) => p.id)).toContain(id)
    // The demo's own point (SHOP-DEMO-0001) is the seed's; a production seed takes it out of use (seed test).
  })
})
