import { and, eq } from 'drizzle-orm'
import { NextRequest } from 'next/server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { changeSettings } from '@/admin/api/settings'
import { db } from '@/db/client'
import { settings } from '@/db/schema'
import { auditLog } from '@/db/schema/staff'
import { configuredCounters } from '@/domains/analytics/counters.server'
import { clearCache } from '@/lib/cache'
import { proxy } from '@/proxy'
import { callEndpoint, signedInStaff } from '../support/staff'
import { reloadEnv } from '../support/test-hooks'

/**
 * The analytics ids as a back-office setting (ADR 168): the storefront's counters and the CSP the
 * proxy sends follow a change at once, the change is audited, and a malformed id is refused in
 * Russian. Unset, the environment's ids stay in use.
 */

const KEY = 'analytics.counters'
const METRIKA = 'https://mc.yandex.ru'
const GTM = 'https://www.googletagmanager.com'

const cspOf = async (path: string) => (await proxy(new NextRequest(new URL(path, 'http://localhost:3000')))).headers.get('content-security-policy') ?? ''
const directive = (name: string) => (policy: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? ''
const scriptSrc = directive('script-src')
const frameSrc = directive('frame-src')
const audited = () => db().select().from(auditLog).where(and(eq(auditLog.objectType, 'settings'), eq(auditLog.objectId, KEY)))

let owner: { cookie: string }
const patch = (body: unknown) => callEndpoint(changeSettings, owner, { body })

beforeAll(async () => {
  owner = await signedInStaff('owner')
})

function useEnv(ids: { METRIKA_ID?: string; GTM_ID?: string }) {
  vi.stubEnv('METRIKA_ID', ids.METRIKA_ID ?? '')
  vi.stubEnv('GTM_ID', ids.GTM_ID ?? '')
  reloadEnv()
  clearCache()
}

afterEach(async () => {
  await db().delete(settings).where(eq(settings.key, KEY))
  await db().delete(auditLog)
  vi.unstubAllEnvs()
  reloadEnv()
  clearCache()
})
afterAll(() => vi.unstubAllEnvs())

describe('analytics ids as a setting', () => {
  it('turns the counters on for the storefront and its CSP at once, audited; null goes back to none', async () => {
    useEnv({})
    expect(await configuredCounters()).toEqual({ metrika: null, gtm: null })
    expect(scriptSrc(await cspOf('/catalog/'))).not.toContain(METRIKA)

    const answer = await patch({ [KEY]: { metrikaId: '98765432', gtmId: 'GTM-ABC1234' } })
    expect(answer.status).toBe(200)
    // No clearCache() here: the settings change itself empties the cached ids.
    expect(await configuredCounters()).toEqual({
      metrika: { id: '98765432', scriptUrl: `${METRIKA}/metrika/tag.js` },
      gtm: { id: 'GTM-ABC1234', scriptUrl: `${GTM}/gtm.js` },
    })
    const policy = await cspOf('/catalog/')
    expect(scriptSrc(policy)).toContain(METRIKA)
    expect(scriptSrc(policy)).toContain(GTM)
    expect(frameSrc(policy).split(' ')).toContain(METRIKA)

    const [row] = await audited()
    expect(row).toMatchObject({ action: 'update', before: null, after: { metrikaId: '98765432', gtmId: 'GTM-ABC1234' } })

    expect((await patch({ [KEY]: null })).status).toBe(200)
    expect(await configuredCounters()).toEqual({ metrika: null, gtm: null })
    expect(scriptSrc(await cspOf('/'))).not.toContain(METRIKA)
    expect(await audited()).toHaveLength(2)
  })

  it('keeps the environment’s id while a field is empty, and overrides it where one is set', async () => {
    useEnv({ METRIKA_ID: '10000001', GTM_ID: 'GTM-ENV0001' })
    expect((await configuredCounters()).metrika?.id).toBe('10000001')
    expect((await patch({ [KEY]: { metrikaId: '20000002', gtmId: '' } })).status).toBe(200)
    const counters = await configuredCounters()
    expect(counters.metrika?.id).toBe('20000002')
    expect(counters.gtm?.id).toBe('GTM-ENV0001')
  })

  it('refuses a malformed id with a Russian message on its field, storing and auditing nothing', async () => {
    useEnv({ METRIKA_ID: '10000001' })
    for (const [value, field, message] of [
      [{ metrikaId: '12ab', gtmId: '' }, `${KEY}.metrikaId`, /только цифры/],
      [{ metrikaId: '1234567890123', gtmId: '' }, `${KEY}.metrikaId`, /только цифры/],
      [{ metrikaId: '', gtmId: 'UA-12345' }, `${KEY}.gtmId`, /GTM-XXXXXXX/],
      [{ metrikaId: '1', gtmId: '', extra: 'x' }, KEY, /Неизвестное поле/],
    ] as const) {
      const answer = await patch({ [KEY]: value })
      expect(answer.status).toBe(400)
      const body = (await answer.json()) as { errors: { field: string; message: string }[] }
      expect(body.errors[0]?.field).toBe(field)
      expect(body.errors[0]?.message).toMatch(message)
    }
    expect(await db().select().from(settings).where(eq(settings.key, KEY))).toEqual([])
    expect(await audited()).toEqual([])
    expect((await configuredCounters()).metrika?.id).toBe('10000001')
  })
})
