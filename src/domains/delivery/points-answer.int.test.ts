import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { PATCH as pointPatch } from '@/app/api/admin/delivery/points/[id]/route'
import { POST as pointsPost } from '@/app/api/admin/delivery/points/route'
import { POST as pvz } from '@/app/ajax/VuePvzComponent/route'
import { db } from '@/db/client'
import { carrierPoints, cities, deliveryServices, pickupPoints, pointAnswers } from '@/db/schema'
import { clearCache } from '@/lib/cache'
import { cdekFakeSettings, withCarrierFakes } from '../../../tests/support/carrier-fakes'
import { setCdekLimits } from '../../../tests/support/cdek-hooks'
import { startFakeCdek, type FakeCdek } from '../../../tests/support/fake-cdek'
import { formPost, newVisitor } from '../../../tests/support/http'
import { adminRequest, signedInStaff } from '../../../tests/support/staff'
import { takesPaymentOnReceipt } from './carriers/carrier'
import { cdekCarrier } from './carriers/cdek/cdek.server'
import { refreshCarrierCity } from './carriers/registry.server'
import { DELIVERY_LIMITS, DELIVERY_MESSAGES } from './delivery'
import { pointsInCity } from './delivery.db'

/**
 * The getPoints answer stored as JSON (ADR 211): the row a request reads equals what the live query of
 * the points gives, it is written again by a СДЭК points refresh (against the local fake of СДЭК API v2)
 * and by the back office's edits of the shop's own points, in their transactions; a change that does
 * not write it (the negative control: a plain UPDATE) leaves no row, never a stale one, and the next
 * request builds it from the table.
 */
const visitor = newVisitor()
let fake: FakeCdek

withCarrierFakes({
  start: async () => [(fake = await startFakeCdek())],
  settings: () => cdekFakeSettings(fake),
  resetLimits: () => setCdekLimits(null),
})

interface Spot {
  id: string
  name: string
  kind: string
  address: string
  lat: number
  lon: number
  canGetPayment: boolean
  workTime: string
}

/** The picker's points as getPoints built them per request before ADR 211. */
function pickerJson(points: Spot[]): string {
  return JSON.stringify(
    points.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.kind,
      address: p.address,
      coords: [p.lat, p.lon],
      canGetPayment: p.canGetPayment,
      graph: p.workTime,
    })),
  )
}

/** The live query's answer of a source and city: every point, and those taking payment on receipt. */
async function live(source: string, cityCode: string) {
  let spots: Spot[]
  if (source.startsWith('carrier:')) {
    const [city] = await db().select().from(cities).where(eq(cities.code, cityCode))
    spots = (await cdekCarrier.pointsInCity(city!)).map((p) => ({
      ...p,
      id: p.code,
      canGetPayment: takesPaymentOnReceipt(p),
    }))
  } else {
    spots = await pointsInCity(
      db(),
      [Number(source.slice('service:'.length))],
      cityCode,
      DELIVERY_LIMITS.maxPoints,
    )
  }
  return {
    pointsJson: pickerJson(spots),
    payPointsJson: pickerJson(spots.filter((p) => p.canGetPayment)),
    points: spots.length,
    payPoints: spots.filter((p) => p.canGetPayment).length,
  }
}

async function stored(source: string, cityCode: string) {
  const [row] = await db()
    .select({
      pointsJson: pointAnswers.pointsJson,
      payPointsJson: pointAnswers.payPointsJson,
      points: pointAnswers.points,
      payPoints: pointAnswers.payPoints,
    })
    .from(pointAnswers)
    .where(and(eq(pointAnswers.source, source), eq(pointAnswers.cityCode, cityCode)))
  return row
}

/** The call's body as text, and what it serialised per request before: {points, location, message?}. */
async function getPoints(cityCode: string, type: string, postPay: 'Y' | 'N') {
  const res = await pvz(
    formPost('/ajax/VuePvzComponent/', { action: 'getPoints', city: cityCode, type, postPay }, visitor),
  )
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() }
}

async function expectedBody(cityCode: string, pointsJson: string, message?: string) {
  const [city] = await db().select().from(cities).where(eq(cities.code, cityCode))
  const location = { coords: { lat: city!.lat, lon: city!.lon }, zoom: city!.population >= 2_000_000 ? 1 : 2 }
  return JSON.stringify({
    points: JSON.parse(pointsJson) as unknown,
    location,
    ...(message ? { message } : {}),
  })
}

describe('СДЭК: the stored answer of a city', () => {
  it('is written by the first load, equals the live query, and getPoints sends it byte for byte', async () => {
    expect(await stored('carrier:cdek', 'kazan')).toBeUndefined()
    const every = await getPoints('kazan', 'sdek', 'N')
    expect(every).toMatchObject({ status: 200, contentType: 'application/json; charset=utf-8' })
    const row = await stored('carrier:cdek', 'kazan')
    const fresh = await live('carrier:cdek', 'kazan')
    expect(row).toEqual(fresh)
    expect(row?.points).toBe(25)
    // Postamats and every 13th office take nothing on receipt: the two sides differ.
    expect(row!.payPoints).toBeGreaterThan(0)
    expect(row!.payPoints).toBeLessThan(row!.points)
    expect(every.text).toBe(await expectedBody('kazan', fresh.pointsJson))
    expect((await getPoints('kazan', 'sdek', 'Y')).text).toBe(
      await expectedBody('kazan', fresh.payPointsJson),
    )
  })

  it('is written again by a refresh in its transaction: a point СДЭК stops listing leaves the answer', async () => {
    await getPoints('kazan', 'sdek', 'N')
    fake.removed.add('KZN0002')
    try {
      expect(await refreshCarrierCity('cdek', 'kazan')).toMatchObject({ status: 'refreshed', points: 24 })
      const row = await stored('carrier:cdek', 'kazan')
      expect(row).toEqual(await live('carrier:cdek', 'kazan'))
      expect(row?.points).toBe(24)
      expect(row?.pointsJson).not.toContain('"KZN0002"')
      clearCache()
      expect((await getPoints('kazan', 'sdek', 'N')).text).toBe(await expectedBody('kazan', row!.pointsJson))
    } finally {
      fake.removed.delete('KZN0002')
    }
  })

  it('negative control: a change that does not write the answer leaves no row, and the next call builds it from the table', async () => {
    await refreshCarrierCity('cdek', 'kazan')
    expect(await stored('carrier:cdek', 'kazan')).toEqual(await live('carrier:cdek', 'kazan'))
    await db()
      .update(carrierPoints)
      .set({ name: 'Казань, ПВЗ на Баумана' })
      .where(and(eq(carrierPoints.carrier, 'cdek'), eq(carrierPoints.code, 'KZN0001')))
    // Without the rewrite the row is gone (the trigger), so the check above fails here.
    expect(await stored('carrier:cdek', 'kazan')).toBeUndefined()
    clearCache()
    const { text } = await getPoints('kazan', 'sdek', 'N')
    expect(text).toContain('Казань, ПВЗ на Баумана')
    expect(await stored('carrier:cdek', 'kazan')).toEqual(await live('carrier:cdek', 'kazan'))
    expect(fake.calls('/deliverypoints')).toBeGreaterThan(0)
  })

  it('a city СДЭК does not serve: an empty answer with the spec’s message', async () => {
    const { text } = await getPoints('anadyr', 'sdek', 'N')
    expect(text).toBe(await expectedBody('anadyr', '[]', DELIVERY_MESSAGES.noSdekPoints))
    expect(await stored('carrier:cdek', 'anadyr')).toEqual({
      pointsJson: '[]',
      payPointsJson: '[]',
      points: 0,
      payPoints: 0,
    })
  })
})

describe('the shop’s own points: the stored answer', () => {
  let owner: string
  let shopSource: string
  beforeAll(async () => {
    owner = (await signedInStaff('owner')).cookie
    const [shop] = await db()
      .select({ id: deliveryServices.id })
      .from(deliveryServices)
      .where(eq(deliveryServices.handler, 'shop'))
    shopSource = `service:${shop!.id}`
  })

  const point = {
    cityCode: 'kazan',
    name: 'Пункт выдачи магазина на Баумана',
    address: 'ул Баумана, д 51',
    addressComment: 'Вход с улицы',
    workTime: 'Пн-Пт 10:00-20:00',
    phone: '+7 (843) 000-00-00',
    lat: 55.7887,
    lon: 49.1221,
    canGetPayment: true,
  }
  const admin = (
    handler: typeof pointsPost | typeof pointPatch,
    method: string,
    path: string,
    body: unknown,
    params: Record<string, string> = {},
  ) => handler(adminRequest(method, path, { cookie: owner }, body), { params: Promise.resolve(params) })

  it('is written when a point is added and when it is changed or moved, for both cities, in the edit’s transaction', async () => {
    const created = await admin(pointsPost, 'POST', '/api/admin/delivery/points/', point)
    expect(created.status).toBe(200)
    const id = String(((await created.json()) as { id: string }).id)
    const kazan = await stored(shopSource, 'kazan')
    expect(kazan).toEqual(await live(shopSource, 'kazan'))
    expect(kazan?.pointsJson).toContain(`"${id}"`)
    expect((await getPoints('kazan', 'shop', 'Y')).text).toBe(
      await expectedBody('kazan', kazan!.payPointsJson),
    )

    expect(
      (
        await admin(
          pointPatch,
          'PATCH',
          `/api/admin/delivery/points/${id}/`,
          { canGetPayment: false },
          { id },
        )
      ).status,
    ).toBe(200)
    const prepaid = await stored(shopSource, 'kazan')
    expect(prepaid).toEqual(await live(shopSource, 'kazan'))
    expect(prepaid?.payPointsJson).not.toContain(`"${id}"`)
    const moscowBefore = await live(shopSource, 'moskva')

    const moved = await admin(
      pointPatch,
      'PATCH',
      `/api/admin/delivery/points/${id}/`,
      { cityCode: 'moskva', lat: 55.76, lon: 37.62 },
      { id },
    )
    expect(moved.status).toBe(200)
    expect(await stored(shopSource, 'kazan')).toEqual(await live(shopSource, 'kazan'))
    expect((await stored(shopSource, 'kazan'))?.pointsJson).not.toContain(`"${id}"`)
    const moscow = await stored(shopSource, 'moskva')
    expect(moscow).toEqual(await live(shopSource, 'moskva'))
    expect(moscow?.points).toBe(moscowBefore.points + 1)
    clearCache()
    expect((await getPoints('moskva', 'shop', 'N')).text).toBe(
      await expectedBody('moskva', moscow!.pointsJson),
    )
    expect((await getPoints('kazan', 'shop', 'N')).text).toBe(
      await expectedBody('kazan', '[]', DELIVERY_MESSAGES.noSuitablePoints),
    )
  })

  it('negative control: a plain UPDATE of the points leaves no row, and the next call answers the table, not the old text', async () => {
    await getPoints('moskva', 'shop', 'N')
    const before = await stored(shopSource, 'moskva')
    expect(before).toEqual(await live(shopSource, 'moskva'))
    await db().update(pickupPoints).set({ active: false }).where(eq(pickupPoints.id, 'SHOP-DEMO-0001'))
    expect(await stored(shopSource, 'moskva')).toBeUndefined()
    clearCache()
    const { text } = await getPoints('moskva', 'shop', 'N')
    expect(text).not.toContain('SHOP-DEMO-0001')
    expect(await stored(shopSource, 'moskva')).toEqual(await live(shopSource, 'moskva'))
  })
})
