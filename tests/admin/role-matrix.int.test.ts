import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_ENDPOINTS } from '@/admin/api'
import { ADMIN_MESSAGES, type Endpoint } from '@/admin/endpoint'
import { can, STAFF_ROLES, type StaffRole } from '@/domains/staff/permissions'
import { createApiToken } from '@/domains/staff/staff-admin.server'
import { databaseFingerprint } from '../support/db-snapshot'
import { callEndpoint, signedInStaff } from '../support/staff'
import { setClock, setPermissionGuard } from '../support/test-hooks'

/**
 * Issue 18: every endpoint of /api/admin/ with every role, through a staff session and through an
 * integration token. A role without the permission gets 403 and the database stays exactly as it
 * was; a role with it is never refused for its role.
 */
type Auth = { cookie?: string; bearer?: string }
const callers: { role: StaffRole; via: 'session' | 'token'; auth: Auth }[] = []

beforeAll(async () => {
  const owner = await signedInStaff('owner')
  const ownerActor = { kind: 'staff' as const, id: owner.id, name: 'owner', role: 'owner' as const }
  for (const role of STAFF_ROLES) {
    callers.push({ role, via: 'session', auth: { cookie: (await signedInStaff(role)).cookie } })
    callers.push({
      role,
      via: 'token',
      auth: { bearer: (await createApiToken(ownerActor, { name: `matrix ${role}`, role })).secret },
    })
  }
})

afterEach(() => {
  setPermissionGuard(true)
  setClock(null)
})

const label = (e: Endpoint) => `${e.spec.method} ${e.spec.path}`

async function forbiddenCalls(): Promise<{ call: string; status: number; error: unknown }[]> {
  const out = []
  for (const endpoint of ADMIN_ENDPOINTS) {
    for (const caller of callers) {
      if (can(caller.role, endpoint.spec.permission)) continue
      const response = await callEndpoint(endpoint, caller.auth, {
        body: { name: 'x', role: 'owner', email: 'x@x.ru', active: false },
      })
      const body = (await response.json().catch(() => ({}))) as { error?: unknown }
      out.push({
        call: `${label(endpoint)} as ${caller.role} (${caller.via})`,
        status: response.status,
        error: body.error,
      })
    }
  }
  return out
}

// Every endpoint with every role, twice over: since the 'exchange' role (ADR 189) is refused
// everything, a pass makes about half again as many calls, past the default 30 s on a loaded machine.
describe('role matrix', { timeout: 120_000 }, () => {
  it('covers a refusal for every role but the owner', () => {
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      expect(
        ADMIN_ENDPOINTS.some((e) => !can(role, e.spec.permission)),
        role,
      ).toBe(true)
    }
  })

  it('refuses every endpoint to a role without its permission, and nothing changes', async () => {
    // A session's and a token's "last seen" mark moves once a minute of use: with the clock held,
    // the first pass freshens each one and the second pass, however slow the machine, moves none.
    const held = new Date()
    setClock(() => held)
    await forbiddenCalls()
    const before = await databaseFingerprint()
    const calls = await forbiddenCalls()
    expect(calls.length).toBeGreaterThan(20)
    expect(calls.filter((c) => c.status !== 403 || c.error !== ADMIN_MESSAGES.forbidden)).toEqual([])
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('never refuses a role the permission it has, and answers 401 without a session or token', async () => {
    for (const endpoint of ADMIN_ENDPOINTS) {
      expect((await callEndpoint(endpoint, {})).status, label(endpoint)).toBe(401)
      expect((await callEndpoint(endpoint, { bearer: 'vm_not-a-token' })).status, label(endpoint)).toBe(401)
      for (const caller of callers.filter(
        (c) => can(c.role, endpoint.spec.permission) && endpoint.spec.method === 'GET',
      )) {
        // With sample input (id 1, no filters) the answer may be 200 or 404, never a refusal or a crash.
        const response = await callEndpoint(endpoint, caller.auth)
        expect([200, 404], `${label(endpoint)} as ${caller.role} (${caller.via})`).toContain(response.status)
      }
    }
  })

  // Last: with the check off these calls really change things (tokens revoked, staff switched off).
  it('negative control: without the permission check the same calls get through', async () => {
    setPermissionGuard(false)
    const calls = await forbiddenCalls()
    expect(calls.filter((c) => c.error !== ADMIN_MESSAGES.forbidden).length).toBeGreaterThan(calls.length / 2)
  })
})
