import { createHash, timingSafeEqual } from 'node:crypto'
import type { z } from 'zod'
import { json } from './ajax'
import { env } from './env'
import { machineApi } from './machine-api'

/**
 * The back office's machine-to-machine calls (ADR 055): a bearer token from ADMIN_API_TOKEN instead
 * of the visitor's cookie session, a JSON body, one zod schema.
 *
 * No `sessid` here: CSRF works by making a browser send credentials it attaches on its own (cookies).
 * This API never reads cookies, and a browser never attaches an Authorization header to a request
 * another site makes it send, so a forged request arrives without the only credential that counts.
 */
export const ADMIN_API_MESSAGES = {
  unauthorized: 'Нужен действительный токен доступа (Authorization: Bearer …).',
  notFound: 'Не найдено.',
} as const

const MAX_BODY_BYTES = 16_384

/** Compares digests of equal length, so neither the token's content nor its length leaks by timing. */
export function tokenMatches(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()
  return timingSafeEqual(digest(given), digest(expected))
}

function bearerToken(request: Request): string | null {
  return /^Bearer ([\x21-\x7e]{1,512})$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? null
}

/** Checked before the body or the id is looked at, so a caller without the token learns nothing. */
function authorizeBearer(request: Request): Response | null {
  const expected = env().ADMIN_API_TOKEN
  // Without a configured token the API does not exist; nothing runs for anyone.
  if (!expected) return json({ error: ADMIN_API_MESSAGES.notFound }, 404)
  const given = bearerToken(request)
  if (given && tokenMatches(given, expected)) return null
  const refusal = json({ error: ADMIN_API_MESSAGES.unauthorized }, 401)
  refusal.headers.set('www-authenticate', 'Bearer')
  return refusal
}

type Params = Record<string, string | string[]>

export function adminApi<S extends z.ZodType>(schema: S, handler: (input: z.output<S>, params: Params) => Promise<unknown>) {
  return machineApi({ schema, maxBytes: MAX_BODY_BYTES, body: 'json', authorize: authorizeBearer }, handler)
}
