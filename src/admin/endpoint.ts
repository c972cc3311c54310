import 'server-only'
import { z } from 'zod'
import { actorFromApiToken, staffFromSession } from '@/domains/staff/staff-auth.server'
import { can, type Actor, type Permission } from '@/domains/staff/permissions'
import { testHook } from '@/lib/test-hooks'
import { PayloadTooLarge, answerForError, invalidAnswer, json, readCapped } from '@/lib/ajax'
import { readCookie } from '@/lib/session'
import { STAFF_COOKIE } from './staff-cookie'

/**
 * One endpoint of the back office's REST API (ADR 162): who may call it, what it takes and gives,
 * and the use-case it runs. The same definition serves the route and describes itself in
 * /api/admin/openapi.json, so the document cannot drift from the code.
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

const NOTHING = z.object({})
type Nothing = typeof NOTHING

export interface EndpointSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> {
  method: Method
  /** OpenAPI style: /api/admin/orders/{id} */
  path: string
  permission: Permission
  /** Russian, for the document. */
  summary: string
  tag: string
  params?: P
  query?: Q
  body?: B
  /**
   * A file sent as the raw request body instead of JSON (ADR 184): the handler gets its bytes. The
   * declared types are for the document; the use-case judges the bytes themselves.
   */
  upload?: { mediaTypes: readonly string[]; maxBytes: number; tooLarge: string }
  /** The answer's shape, or the kind of file it is. */
  response: R | 'csv' | 'pdf' | 'xlsx'
  handle: (input: { params: z.output<P>; query: z.output<Q>; body: z.output<B>; bytes: Uint8Array; actor: Actor; request: Request }) => Promise<z.input<R> | Response>
}

/** What Next passes a route handler; a route without dynamic segments may get no params at all. */
type RouteContext = { params?: Promise<Record<string, string | string[]>> }

export interface Endpoint {
  readonly spec: EndpointSpec<z.ZodType, z.ZodType, z.ZodType, z.ZodType>
  readonly serve: (request: Request, ctx?: RouteContext) => Promise<Response>
}

export const ADMIN_MESSAGES = {
  unauthorized: 'Войдите в панель управления или передайте токен API (Authorization: Bearer …).',
  forbidden: 'Недостаточно прав для этого действия.',
  foreignOrigin: 'Запрос пришёл с чужого сайта.',
  notFound: 'Не найдено.',
  notJson: 'Тело запроса должно быть в формате JSON (Content-Type: application/json).',
  badJson: 'Не удалось прочитать JSON.',
  nulCharacter: 'Недопустимый символ в запросе.',
} as const

const MAX_BODY_BYTES = 65_536

/** The role-matrix test's negative control switches the permission check off. */
export const permissionGuard = testHook('admin permission check', true)

/** The caller: a bearer token if one is sent (never falling back to the cookie), else the staff cookie. */
export async function callerOf(request: Request): Promise<Actor | null> {
  const authorization = request.headers.get('authorization')
  if (authorization !== null) {
    const token = /^Bearer ([\x21-\x7e]{1,200})$/.exec(authorization)?.[1]
    return token ? actorFromApiToken(token) : null
  }
  return staffFromSession(readCookie(request.headers.get('cookie'), STAFF_COOKIE))
}

/** A cookie-borne change must come from our own pages; SameSite=Strict already keeps others out. */
function foreignOrigin(request: Request): boolean {
  if (request.method === 'GET' || request.headers.get('authorization') !== null) return false
  const origin = request.headers.get('origin')
  if (origin === null) return false
  try {
    return new URL(origin).host !== (request.headers.get('x-forwarded-host') ?? request.headers.get('host'))
  } catch {
    return true
  }
}

async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; answer: Response }> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) throw new PayloadTooLarge()
  const bytes = await readCapped(request, MAX_BODY_BYTES)
  if (bytes.byteLength === 0) return { ok: true, value: {} }
  if (!type.startsWith('application/json')) return { ok: false, answer: json({ error: ADMIN_MESSAGES.notJson }, 415) }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) }
  } catch {
    return { ok: false, answer: json({ error: ADMIN_MESSAGES.badJson }, 400) }
  }
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in the input would fail deep in a query as a
 * 500; no field of ours carries one, so the edge refuses it, as the buyers' form parser does.
 */
function hasNul(value: unknown): boolean {
  // A loop, not recursion: JSON.parse accepts nesting deeper than the call stack.
  const pending: unknown[] = [value]
  while (pending.length) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true
    } else if (Array.isArray(item)) pending.push(...item)
    else if (item !== null && typeof item === 'object')
      for (const [key, v] of Object.entries(item)) {
        if (key.includes('\u0000')) return true
        pending.push(v)
      }
  }
  return false
}

export function endpoint<P extends z.ZodType = Nothing, Q extends z.ZodType = Nothing, B extends z.ZodType = Nothing, R extends z.ZodType = z.ZodType>(
  spec: EndpointSpec<P, Q, B, R>,
): Endpoint {
  const serve = async (request: Request, ctx?: RouteContext): Promise<Response> => {
    try {
      // Before the session is read: a call from another site's page touches nothing, not even its "last seen".
      if (foreignOrigin(request)) return json({ error: ADMIN_MESSAGES.foreignOrigin }, 403)
      const actor = await callerOf(request)
      if (!actor) {
        const answer = json({ error: ADMIN_MESSAGES.unauthorized }, 401)
        answer.headers.set('www-authenticate', 'Bearer')
        return answer
      }
      if (permissionGuard() && !can(actor.role, spec.permission)) return json({ error: ADMIN_MESSAGES.forbidden }, 403)

      // A route without dynamic segments may be given no params at all.
      const params = (spec.params ?? NOTHING).safeParse((await ctx?.params) ?? {})
      if (!params.success) return json({ error: ADMIN_MESSAGES.notFound }, 404)
      const rawQuery = [...new URL(request.url).searchParams]
      if (hasNul(rawQuery)) return json({ error: ADMIN_MESSAGES.nulCharacter }, 400)
      const query = (spec.query ?? NOTHING).safeParse(Object.fromEntries(rawQuery))
      if (!query.success) return json(invalidAnswer(query.error), 400)
      let body: unknown = {}
      let bytes = new Uint8Array(0)
      if (spec.upload) {
        const tooLarge = () => json({ error: spec.upload!.tooLarge }, 413)
        if (Number(request.headers.get('content-length') ?? '0') > spec.upload.maxBytes) return tooLarge()
        try {
          bytes = await readCapped(request, spec.upload.maxBytes)
        } catch (error) {
          if (error instanceof PayloadTooLarge) return tooLarge()
          throw error
        }
      } else if (spec.method !== 'GET') {
        const read = await readJson(request)
        if (!read.ok) return read.answer
        if (hasNul(read.value)) return json({ error: ADMIN_MESSAGES.nulCharacter }, 400)
        const parsed = (spec.body ?? NOTHING).safeParse(read.value)
        if (!parsed.success) return json(invalidAnswer(parsed.error), 400)
        body = parsed.data
      }
      const result = await spec.handle({
        params: params.data as z.output<P>,
        query: query.data as z.output<Q>,
        body: body as z.output<B>,
        bytes,
        actor,
        request,
      })
      return result instanceof Response ? result : json(result)
    } catch (error) {
      return answerForError(error, request)
    }
  }
  return { spec: spec as unknown as Endpoint['spec'], serve }
}

/** A CSV answer Excel opens in Russian: UTF-8 with a BOM. */
export function csvFile(name: string, csv: string): Response {
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'no-store',
    },
  })
}
