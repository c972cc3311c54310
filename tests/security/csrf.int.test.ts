import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { databaseFingerprint } from '../support/db-snapshot'
import { formPost, newVisitor } from '../support/http'
import { listRouteFiles } from '../support/routes'
import { adminRequest, signedInStaff } from '../support/staff'
import { reloadEnv } from '../support/test-hooks'

/**
 * S1: every state-changing route, found from the file tree (a new one is covered automatically),
 * refuses a missing, wrong or foreign sessid and changes nothing; no GET route changes state.
 */
type RouteModule = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', (req: Request, ctx: unknown) => Promise<Response>>>

const routes = listRouteFiles()

/**
 * Back-office APIs authenticated by a bearer token (ADR 055) are not cookie-session endpoints: CSRF
 * rides on credentials the browser attaches by itself, and a browser never attaches an Authorization
 * header to a request another site makes it send. `sessid` would add nothing there; the property that
 * matters is stronger: even a valid cookie session with its own valid sessid is refused without the
 * token. They are named here, so an exemption is never silent; any other route gets the sessid checks.
 */
const TOKEN_ROUTES = new Set(['/api/admin/orders/1/fulfilment/'])

/**
 * The back office's own API (ADR 162) rides on the staff cookie, which is SameSite=Strict: a browser
 * never sends it with a request another site makes. What is checked here instead of a sessid: without
 * the staff cookie every change is refused, and with it a change whose Origin is another site is
 * refused too. PATCH and DELETE are allowed there, since no HTML form can send them.
 */
const isStaffApi = (url: string) => url.startsWith('/api/admin/') && !TOKEN_ROUTES.has(url)
const SIGN_IN_ROUTES = new Set(['/api/admin/session/', '/api/admin/password/', '/api/admin/password/reset/'])
let staffCookie = ''
beforeAll(async () => {
  staffCookie = (await signedInStaff('owner')).cookie
})

afterEach(() => {
  vi.unstubAllEnvs()
  reloadEnv()
})

function isRefusal(status: number, body: unknown): boolean {
  if (status >= 400 && status < 500) return true
  // The checkout answers an expired sessid with HTTP 200 and an error, as its contract says.
  if (status === 200 && body && typeof body === 'object') {
    const b = body as { error?: unknown; order?: { ERROR?: unknown } | null }
    return Boolean(b.error) || Boolean(b.order?.ERROR)
  }
  return false
}

describe('S1: sessid on every state-changing route', () => {
  it('finds the routes from the file tree', () => {
    expect(routes.map((r) => r.url)).toContain('/healthz/')
    for (const url of TOKEN_ROUTES) expect(routes.map((r) => r.url)).toContain(url)
  })

  it.each(routes.map((r) => [r.url, r] as const))('%s refuses calls without a valid sessid', async (_url, route) => {
    const mod = (await import(route.file)) as RouteModule
    const ctx = { params: Promise.resolve(route.params) }
    const staffApi = isStaffApi(route.url)
    for (const method of staffApi ? (['PUT'] as const) : (['PUT', 'PATCH', 'DELETE'] as const)) {
      expect(mod[method], `${route.url} exports ${method}, which bypasses sessid`).toBeUndefined()
    }
    const before = await databaseFingerprint()
    if (staffApi) {
      for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
        const handler = mod[method]
        if (!handler) continue
        // A buyer's cookie session with its valid sessid, as a form: refused.
        const visitor = newVisitor()
        const asForm = formPost(route.url, { email: 'a@b.ru', role: 'owner', sessid: visitor.sessid }, visitor)
        const res = await handler(new Request(asForm.url, { method, headers: asForm.headers, body: await asForm.text() }), ctx)
        expect(res.status, `${method} ${route.url} with a buyer's session`).toBeGreaterThanOrEqual(400)
        expect(res.status, `${method} ${route.url} with a buyer's session`).toBeLessThan(500)
        if (SIGN_IN_ROUTES.has(route.url)) continue
        // The staff cookie on a request from another site's page: refused by its Origin.
        const foreign = adminRequest(method, route.url, { cookie: staffCookie }, { email: 'a@b.ru', role: 'owner', name: 'x', active: false })
        foreign.headers.set('origin', 'https://evil.example')
        expect((await handler(foreign, ctx)).status, `${method} ${route.url} from another site`).toBe(403)
      }
      expect(await databaseFingerprint()).toEqual(before)
      return
    }
    const tokenRoute = TOKEN_ROUTES.has(route.url)
    // With a token configured, so that the refusal is the token check and not a disabled API.
    if (tokenRoute) {
      vi.stubEnv('ADMIN_API_TOKEN', 'csrf-test-token-csrf-test-token-0123456789')
      reloadEnv()
    }
    if (mod.POST) {
      const visitor = newVisitor()
      const stranger = newVisitor()
      const fields = { ACTION: 'Add', action: 'add', ID: '1', QUANTITY: '1', favoritesId: '1', email: 'a@b.ru' }
      for (const sessid of tokenRoute ? [null, 'wrong', stranger.sessid, visitor.sessid] : [null, 'wrong', stranger.sessid]) {
        const res = await mod.POST(formPost(route.url, fields, visitor, { sessid }), ctx)
        const text = await res.text()
        const body: unknown = text.startsWith('{') ? JSON.parse(text) : text
        expect(isRefusal(res.status, body), `${route.url} with sessid=${sessid}: ${res.status} ${text}`).toBe(true)
        if (tokenRoute) expect(res.status, `${route.url} without its token`).toBe(401)
      }
    }
    if (mod.GET) {
      const res = await mod.GET(new Request(new URL(route.url, 'http://localhost:3000')), ctx)
      expect(res.status).toBeLessThan(500)
    }
    expect(await databaseFingerprint()).toEqual(before)
  })
})
