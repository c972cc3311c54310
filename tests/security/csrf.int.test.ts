import { describe, expect, it } from 'vitest'
import { databaseFingerprint } from '../support/db-snapshot'
import { formPost, newVisitor } from '../support/http'
import { listRouteFiles } from '../support/routes'

/**
 * S1: every state-changing route, found from the file tree (a new one is covered automatically),
 * refuses a missing, wrong or foreign sessid and changes nothing; no GET route changes state.
 */
type RouteModule = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', (req: Request, ctx: unknown) => Promise<Response>>>

const routes = listRouteFiles()

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
  })

  it.each(routes.map((r) => [r.url, r] as const))('%s refuses calls without a valid sessid', async (_url, route) => {
    const mod = (await import(route.file)) as RouteModule
    const ctx = { params: Promise.resolve(route.params) }
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect(mod[method], `${route.url} exports ${method}, which bypasses sessid`).toBeUndefined()
    }
    const before = await databaseFingerprint()
    if (mod.POST) {
      const visitor = newVisitor()
      const stranger = newVisitor()
      const fields = { ACTION: 'Add', action: 'add', ID: '1', QUANTITY: '1', favoritesId: '1', email: 'a@b.ru' }
      for (const sessid of [null, 'wrong', stranger.sessid]) {
        const res = await mod.POST(formPost(route.url, fields, visitor, { sessid }), ctx)
        const text = await res.text()
        const body: unknown = text.startsWith('{') ? JSON.parse(text) : text
        expect(isRefusal(res.status, body), `${route.url} with sessid=${sessid}: ${res.status} ${text}`).toBe(true)
      }
    }
    if (mod.GET) {
      const res = await mod.GET(new Request(new URL(route.url, 'http://localhost:3000')), ctx)
      expect(res.status).toBeLessThan(500)
    }
    expect(await databaseFingerprint()).toEqual(before)
  })
})
