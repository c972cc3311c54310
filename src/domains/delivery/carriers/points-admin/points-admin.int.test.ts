import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { GET as listGet } from '@/app/api/admin/delivery/carriers/route'
import { POST as refreshPost } from '@/app/api/admin/delivery/carriers/[carrier]/cities/[city]/refresh/route'
import { db } from '@/db/client'
import { auditLog, carrierPoints } from '@/db/schema'
import { FAKE_CDEK_KEYS, startFakeCdek, type FakeCdek } from '../../../../../tests/support/fake-cdek'
import { adminRequest, signedInStaff } from '../../../../../tests/support/staff'
import { reloadEnv } from '../../../../../tests/support/test-hooks'
import {
  CARRIER_POINTS_MESSAGES,
  type CarrierPointsView,
  type CarrierRefreshView,
} from './points-admin.schema'

/**
 * The back office's «Пункты перевозчиков» (issue 22, ADR 195) through the admin REST API against the
 * local СДЭК fake: the list per carrier, a refresh that loads a city's points, a city СДЭК does not
 * serve, СДЭК down (a Russian message, the old points kept), and the roles.
 */
type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>

let fake: FakeCdek
let owner: string
let manager: string

beforeAll(async () => {
  fake = await startFakeCdek()
  vi.stubEnv('CDEK_CLIENT_ID', FAKE_CDEK_KEYS.clientId)
  vi.stubEnv('CDEK_CLIENT_SECRET', FAKE_CDEK_KEYS.clientSecret)
  vi.stubEnv('CDEK_API_URL', fake.url)
  vi.stubEnv('BOXBERRY_TOKEN', '')
  vi.stubEnv('POCHTA_TOKEN', '')
  reloadEnv()
  owner = (await signedInStaff('owner')).cookie
  manager = (await signedInStaff('manager')).cookie
})

afterAll(async () => {
  vi.unstubAllEnvs()
  reloadEnv()
  await fake.close()
})

beforeEach(() => {
  fake.mode = 'ok'
})

async function call<T>(
  handler: Handler,
  cookie: string,
  method: string,
  path: string,
  params: Record<string, string> = {},
) {
  const response = await handler(adminRequest(method, path, { cookie }), { params: Promise.resolve(params) })
  return { status: response.status, body: (await response.json()) as T }
}

const refresh = (cookie: string, carrier: string, city: string) =>
  call<CarrierRefreshView & { error?: string }>(
    refreshPost,
    cookie,
    'POST',
    `/api/admin/delivery/carriers/${carrier}/cities/${city}/refresh/`,
    { carrier, city },
  )

async function overview(cookie: string, search = '') {
  const path = `/api/admin/delivery/carriers/${search ? `?city=${encodeURIComponent(search)}` : ''}`
  return call<{ items: CarrierPointsView[]; error?: string }>(listGet, cookie, 'GET', path)
}

async function cdekCity(search: string, code: string) {
  const { body } = await overview(owner, search)
  return body.items.find((c) => c.code === 'cdek')?.cities.find((c) => c.cityCode === code)
}

const activePoints = async (city: string) =>
  (
    await db()
      .select({ code: carrierPoints.code })
      .from(carrierPoints)
      .where(
        and(
          eq(carrierPoints.carrier, 'cdek'),
          eq(carrierPoints.cityCode, city),
          eq(carrierPoints.active, true),
        ),
      )
  ).length

describe('«Пункты перевозчиков» in the back office', () => {
  it('lists every carrier: СДЭК connected, the others «не подключён» with the settings they need', async () => {
    const { status, body } = await overview(owner)
    expect(status).toBe(200)
    expect(body.items.map((c) => [c.code, c.configured])).toEqual([
      ['cdek', true],
      ['boxberry', false],
      ['pochta', false],
    ])
    expect(body.items.find((c) => c.code === 'boxberry')?.settings).toEqual(['BOXBERRY_TOKEN'])
  })

  it('«Обновить пункты» loads a city’s points from СДЭК, the list shows them, and the refresh is audited', async () => {
    const answer = await refresh(owner, 'cdek', 'kazan')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      status: 'refreshed',
      points: 25,
      message: 'СДЭК, Казань: загружено пунктов — 25.',
    })
    expect(await activePoints('kazan')).toBe(25)
    const row = await cdekCity('Каз', 'kazan')
    expect(row).toMatchObject({ cityName: 'Казань', points: 25, served: true, lastError: '' })
    expect(row?.refreshedAt).toEqual(expect.any(String))
    // The search narrows the list: Kazan is not «Москва».
    expect(await cdekCity('Москва', 'kazan')).toBeUndefined()
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'carrier-points'), eq(auditLog.objectId, 'cdek:kazan')))
    expect(audit).toMatchObject({ action: 'refresh', after: { status: 'refreshed', points: 25 } })
  })

  it('a city СДЭК does not serve is said so, with no points', async () => {
    const answer = await refresh(owner, 'cdek', 'novosibirsk')
    expect(answer.body).toMatchObject({ status: 'not-served', points: 0 })
    expect(answer.body.message).toContain(CARRIER_POINTS_MESSAGES.notServed)
    expect(await cdekCity('Новосибирск', 'novosibirsk')).toMatchObject({ points: 0, served: false })
  })

  it('СДЭК down: the answer says so in Russian, the city keeps its old points and shows the error', async () => {
    await refresh(owner, 'cdek', 'sankt-peterburg')
    expect(await activePoints('sankt-peterburg')).toBe(40)
    fake.mode = 'down'
    const answer = await refresh(owner, 'cdek', 'sankt-peterburg')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      status: 'failed',
      points: null,
      message: `СДЭК: ${CARRIER_POINTS_MESSAGES.down}`,
    })
    expect(await activePoints('sankt-peterburg')).toBe(40)
    const row = await cdekCity('Санкт', 'sankt-peterburg')
    expect(row?.points).toBe(40)
    expect(row?.lastError).not.toBe('')
  })

  it('refuses a carrier that is not connected, an unknown carrier and an unknown city', async () => {
    expect(await refresh(owner, 'boxberry', 'kazan')).toMatchObject({
      status: 409,
      body: { error: CARRIER_POINTS_MESSAGES.notConfigured },
    })
    expect((await refresh(owner, 'dhl', 'kazan')).status).toBe(404)
    expect(await refresh(owner, 'cdek', 'atlantida')).toMatchObject({
      status: 404,
      body: { error: CARRIER_POINTS_MESSAGES.unknownCity },
    })
  })

  it('a manager (no settings permissions) may neither see nor refresh, and nothing is loaded', async () => {
    const calls = fake.calls('/deliverypoints')
    expect((await overview(manager)).status).toBe(403)
    expect((await refresh(manager, 'cdek', 'moskva')).status).toBe(403)
    expect(fake.calls('/deliverypoints')).toBe(calls)
    expect(await activePoints('moskva')).toBe(0)
    // The negative control: the owner's call does load Moscow.
    expect((await refresh(owner, 'cdek', 'moskva')).body).toMatchObject({
      status: 'refreshed',
      points: expect.any(Number),
    })
    expect(await activePoints('moskva')).toBeGreaterThan(1000)
  })
})
