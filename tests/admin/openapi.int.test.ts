import path from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { ADMIN_ENDPOINTS } from '@/admin/api'
import { GET as openApiRoute } from '@/app/api/admin/openapi.json/route'
import { listRouteFiles } from '../support/routes'

/** Calls with no permission of their own: signing in, password links, the document, the old token call (ADR 055). */
const OUTSIDE_THE_CATALOGUE = ['/api/admin/session/', '/api/admin/password/', '/api/admin/password/reset/', '/api/admin/openapi.json', '/api/admin/orders/1/fulfilment/']

const routeUrl = (apiPath: string) => `${apiPath.replace(/\{\w+\}/g, '1')}/`

describe('the OpenAPI document of /api/admin/', () => {
  it('is a valid OpenAPI 3.1 document with every endpoint in it', async () => {
    const document = (await openApiRoute().json()) as { openapi: string; paths: Record<string, Record<string, unknown>> }
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(document.openapi).toBe('3.1.0')
    for (const { spec } of ADMIN_ENDPOINTS) expect(document.paths[spec.path]?.[spec.method.toLowerCase()], `${spec.method} ${spec.path}`).toBeDefined()
  })

  it('names the parameters and bodies from the zod schemas', async () => {
    const document = (await openApiRoute().json()) as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>> }
    const audit = document.paths['/api/admin/audit']?.get
    expect(audit?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['objectType', 'staffId', 'limit']))
    const patch = document.paths['/api/admin/staff/{id}']?.patch
    expect(patch?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }))
    expect(JSON.stringify(patch?.requestBody)).toContain('"role"')
  })
})

describe('route files and endpoint definitions', () => {
  const routes = listRouteFiles().filter((r) => r.url.startsWith('/api/admin/'))

  it('serve every endpoint from its own route file', async () => {
    for (const endpoint of ADMIN_ENDPOINTS) {
      const route = routes.find((r) => r.url === routeUrl(endpoint.spec.path))
      expect(route, `${endpoint.spec.path} has no route file`).toBeDefined()
      const routeModule = (await import(/* @vite-ignore */ route!.file)) as Record<string, unknown>
      expect(routeModule[endpoint.spec.method], `${endpoint.spec.method} ${path.relative(process.cwd(), route!.file)}`).toBe(endpoint.serve)
    }
  })

  it('have no handler that is not in the catalogue', async () => {
    const served = new Set(ADMIN_ENDPOINTS.map((e) => e.serve))
    for (const route of routes.filter((r) => !OUTSIDE_THE_CATALOGUE.includes(r.url))) {
      const routeModule = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>
      for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) {
        if (routeModule[method] !== undefined) expect(served.has(routeModule[method] as never), `${method} ${route.url}`).toBe(true)
      }
    }
  })
})
