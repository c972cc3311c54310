import { randomUUID } from 'node:crypto'
import { db } from '@/db/client'
import type { Endpoint } from '@/admin/endpoint'
import { hashPassword } from '@/domains/account/password-hash.server'
import type { StaffRole } from '@/domains/staff/permissions'
import { insertStaff } from '@/domains/staff/staff.db'
import { staffSignIn, STAFF_COOKIE } from '@/domains/staff/staff-auth.server'

export const STAFF_PASSWORD = 'staff-test-password'
let hashed: Promise<string> | undefined

/** A staff member of the role, signed in: the Cookie header its browser would send. */
export async function signedInStaff(role: StaffRole): Promise<{ id: number; email: string; cookie: string }> {
  hashed ??= hashPassword(STAFF_PASSWORD)
  const email = `${role}-${randomUUID().slice(0, 8)}@staff.test`
  const row = await insertStaff(db(), { email, name: `Тест ${role}`, role, passwordHash: await hashed })
  if (!row) throw new Error('staff not created')
  const result = await staffSignIn({ email, password: STAFF_PASSWORD }, `10.0.0.${row.id % 250}`)
  if (result.status !== 'signed-in') throw new Error('sign-in needs a code')
  return { id: row.id, email, cookie: `${STAFF_COOKIE}=${result.token}` }
}

/** The request a back-office page or an integration sends to an endpoint. */
export function adminRequest(method: string, path: string, auth: { cookie?: string; bearer?: string }, body?: unknown): Request {
  const headers = new Headers({ host: 'localhost:3000' })
  if (auth.cookie) headers.set('cookie', auth.cookie)
  if (auth.bearer) headers.set('authorization', `Bearer ${auth.bearer}`)
  if (body !== undefined) headers.set('content-type', 'application/json')
  if (method !== 'GET') headers.set('origin', 'http://localhost:3000')
  return new Request(new URL(path, 'http://localhost:3000'), { method, headers, body: body === undefined ? null : JSON.stringify(body) })
}

/** Calls an endpoint's handler the way its route file does, with `{id}`-style segments filled in. */
export function callEndpoint(endpoint: Endpoint, auth: { cookie?: string; bearer?: string }, options: { params?: Record<string, string>; body?: unknown; query?: string } = {}): Promise<Response> {
  const params = options.params ?? Object.fromEntries([...endpoint.spec.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, '1']))
  const path = endpoint.spec.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1') + '/' + (options.query ? `?${options.query}` : '')
  const body = endpoint.spec.method === 'GET' ? undefined : (options.body ?? {})
  const request = adminRequest(endpoint.spec.method, path, auth, body)
  // Next may hand a route without dynamic segments no params at all; the endpoint must cope.
  return Object.keys(params).length ? endpoint.serve(request, { params: Promise.resolve(params) }) : endpoint.serve(request)
}
