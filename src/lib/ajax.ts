import { z } from 'zod'
import { clientIp } from './client-ip'
import { FormShapeError, parseFormFields, type FormObject } from './form-data'
import { JsonText } from './json-text'
import { logger } from './logger'
import { Refusal, type RefusalKind } from './refusal'
import {
  SESSION_COOKIE,
  isValidSessid,
  isWellFormedSessionId,
  readCookie,
  serializeCookie,
  sessionCookies,
  type CookieToSet,
} from './session'

z.config(z.locales.ru())

/**
 * The one wrapper every spec call goes through: parse the body once (PHP bracket names), check
 * `sessid`, validate with one zod schema, run the use-case, answer JSON. Bad input never yields a 5xx.
 */

export const MESSAGES = {
  badSessid: 'Сессия устарела. Обновите страницу и повторите действие.',
  tooLarge: 'Слишком большой запрос.',
  badBody: 'Не удалось прочитать данные формы.',
  unexpected: 'Произошла ошибка, попробуйте повторить попытку позже.',
} as const

export interface AjaxContext {
  readonly request: Request
  /** The session cookie's id; for POST it is proven by `sessid`. Empty for a GET without a session. */
  readonly sessionId: string
  readonly ip: string
  setCookie(cookie: CookieToSet): void
  /** After login or logout: the old id stops working, the browser gets a new id and sessid. */
  replaceSession(newSessionId: string): void
}

export interface AjaxOptions {
  method?: 'POST' | 'GET'
  /** Default 256 KB; multipart uploads raise it. */
  maxBytes?: number
  /** The default is 403 `{error}`; some spec calls answer a refusal with their own shape. */
  onBadSessid?: (message: string, fields: FormObject) => { status: number; body: unknown }
}

type Handler<S extends z.ZodType> = (input: z.output<S>, ctx: AjaxContext) => Promise<unknown>

export function ajax<S extends z.ZodType>(schema: S, handler: Handler<S>, options: AjaxOptions = {}) {
  const method = options.method ?? 'POST'
  return async function handle(request: Request): Promise<Response> {
    const cookies: CookieToSet[] = []
    const sessionId = readCookie(request.headers.get('cookie'), SESSION_COOKIE) ?? ''
    try {
      const fields = method === 'GET' ? queryFields(request) : await readBody(request, options.maxBytes ?? 262_144)
      if (method === 'POST' && !isValidSessid(sessionId, fields.sessid)) {
        const refusal = options.onBadSessid?.(MESSAGES.badSessid, fields) ?? {
          status: 403,
          body: { error: MESSAGES.badSessid },
        }
        return json(refusal.body, refusal.status, cookies)
      }
      const parsed = schema.safeParse(fields)
      if (!parsed.success) return json(invalidAnswer(parsed.error), 400, cookies)
      const ctx: AjaxContext = {
        request,
        sessionId: isWellFormedSessionId(sessionId) ? sessionId : '',
        ip: clientIp(request),
        setCookie: (cookie) => cookies.push(cookie),
        replaceSession: (id) => cookies.push(...sessionCookies(id)),
      }
      const result = await handler(parsed.data, ctx)
      if (result instanceof Response) {
        for (const c of cookies) result.headers.append('set-cookie', serializeCookie(c))
        return result
      }
      return json(result ?? { success: true }, 200, cookies)
    } catch (error) {
      return answerForError(error, request, cookies)
    }
  }
}

/** The one place where a refusal's kind becomes an HTTP status. */
export const STATUS_OF_REFUSAL: Readonly<Record<RefusalKind, number>> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  limited: 429,
}

/** Every wrapper's errors: refusals by kind, unreadable input as 4xx, anything else a logged 500. */
export function answerForError(error: unknown, request: Request, cookies: readonly CookieToSet[] = []): Response {
  if (error instanceof Refusal) return json(error.body ?? { error: error.message }, STATUS_OF_REFUSAL[error.kind], cookies)
  if (error instanceof FormShapeError) return json({ error: error.message }, 400, cookies)
  if (error instanceof PayloadTooLarge) return json({ error: MESSAGES.tooLarge }, 413, cookies)
  if (error instanceof UnreadableBody) return json({ error: MESSAGES.badBody }, 400, cookies)
  logger.error({ err: error, path: new URL(request.url).pathname }, 'request handler failed')
  return json({ error: MESSAGES.unexpected }, 500, cookies)
}

export function json(body: unknown, status = 200, cookies: readonly CookieToSet[] = []): Response {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  for (const c of cookies) headers.append('set-cookie', serializeCookie(c))
  return new Response(body instanceof JsonText ? body.text : JSON.stringify(body), { status, headers })
}

export function invalidAnswer(error: z.ZodError) {
  const first = error.issues[0]
  return {
    error: first?.message ?? MESSAGES.badBody,
    errors: error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
  }
}

export class PayloadTooLarge extends Error {}
class UnreadableBody extends Error {}

function queryFields(request: Request): FormObject {
  return parseFormFields(new URL(request.url).searchParams.entries())
}

async function readBody(request: Request, maxBytes: number): Promise<FormObject> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > maxBytes) throw new PayloadTooLarge()
  const bytes = await readCapped(request, maxBytes)
  const rawType = request.headers.get('content-type') ?? ''
  const type = rawType.toLowerCase()
  try {
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request(request.url, {
        method: 'POST',
        // The boundary is case-sensitive (browsers send '----WebKitFormBoundaryAbC…'): pass it as sent.
        headers: { 'content-type': rawType },
        body: bytes,
      }).formData()
      return parseFormFields(form.entries())
    }
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
    if (type.startsWith('application/json')) {
      const value: unknown = text ? JSON.parse(text) : {}
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new UnreadableBody()
      return parseFormFields(flattenJson(value as Record<string, unknown>))
    }
    return parseFormFields(new URLSearchParams(text).entries())
  } catch (error) {
    if (error instanceof FormShapeError) throw error
    throw new UnreadableBody()
  }
}

/** JSON bodies go through the same parser, so `__proto__` and depth rules hold for them too. */
function* flattenJson(value: Record<string, unknown>, prefix = ''): Generator<[string, string]> {
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key
    if (v !== null && typeof v === 'object') yield* flattenJson(v as Record<string, unknown>, name)
    else yield [name, v === null || v === undefined ? '' : String(v)]
  }
}

export async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0))
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw new PayloadTooLarge()
    }
    chunks.push(value)
  }
  const out = new Uint8Array(new ArrayBuffer(size))
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

/** Zod helpers for the wire: numbers and flags arrive as strings. */
export const wire = {
  id: z.coerce.number().int().positive().max(2_147_483_647),
  quantity: z.coerce.number().int().min(1).max(100_000),
  yn: z.enum(['Y', 'N']),
  text: (max: number) => z.string().trim().max(max),
}

/** GET calls with an id in the path (`/ajax/turboslim/food-modal/{id}`): path params join the query fields. */
export function withPathParams(request: Request, params: Record<string, string | string[]>): Request {
  const url = new URL(request.url)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, Array.isArray(value) ? value.join('/') : value)
  return new Request(url, { method: request.method, headers: request.headers })
}
