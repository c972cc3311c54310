import { createHash, timingSafeEqual } from 'node:crypto'
import type { z } from 'zod'
import { AjaxError, PayloadTooLarge, invalidAnswer, json, readCapped } from './ajax'
import { env } from './env'
import { logger } from './logger'

/**
 * The wrapper of the back office's machine-to-machine calls (ADR 055): a bearer token from
 * ADMIN_API_TOKEN instead of the visitor's cookie session, a JSON body, one zod schema.
 *
 * No `sessid` here: CSRF works by making a browser send credentials it attaches on its own (cookies).
 * This API never reads cookies, and a browser never attaches an Authorization header to a request
 * another site makes it send, so a forged request arrives without the only credential that counts.
 */
export const ADMIN_API_MESSAGES = {
  unauthorized: 'Нужен действительный токен доступа (Authorization: Bearer …).',
  notJson: 'Тело запроса должно быть в формате JSON (Content-Type: application/json).',
  badJson: 'Не удалось прочитать JSON.',
  tooLarge: 'Слишком большой запрос.',
  notFound: 'Не найдено.',
  unexpected: 'Произошла ошибка, попробуйте повторить попытку позже.',
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

type Params = Record<string, string | string[]>
type Handler<S extends z.ZodType> = (input: z.output<S>, params: Params) => Promise<unknown>

export function adminApi<S extends z.ZodType>(schema: S, handler: Handler<S>) {
  return async function handle(request: Request, params: Params): Promise<Response> {
    const expected = env().ADMIN_API_TOKEN
    // Without a configured token the API does not exist; nothing below runs for anyone.
    if (!expected) return json({ error: ADMIN_API_MESSAGES.notFound }, 404)
    const given = bearerToken(request)
    // Checked before the body or the id is looked at, so a caller without the token learns nothing.
    if (!given || !tokenMatches(given, expected)) {
      const refusal = json({ error: ADMIN_API_MESSAGES.unauthorized }, 401)
      refusal.headers.set('www-authenticate', 'Bearer')
      return refusal
    }
    if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
      return json({ error: ADMIN_API_MESSAGES.notJson }, 415)
    }
    try {
      if (Number(request.headers.get('content-length') ?? '0') > MAX_BODY_BYTES) throw new PayloadTooLarge()
      const bytes = await readCapped(request, MAX_BODY_BYTES)
      let body: unknown
      try {
        body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
      } catch {
        return json({ error: ADMIN_API_MESSAGES.badJson }, 400)
      }
      const parsed = schema.safeParse(body)
      if (!parsed.success) return json(invalidAnswer(parsed.error), 400)
      return json(await handler(parsed.data, params))
    } catch (error) {
      if (error instanceof AjaxError) return json(error.body ?? { error: error.message }, error.status)
      if (error instanceof PayloadTooLarge) return json({ error: ADMIN_API_MESSAGES.tooLarge }, 413)
      logger.error({ err: error, path: new URL(request.url).pathname }, 'admin API handler failed')
      return json({ error: ADMIN_API_MESSAGES.unexpected }, 500)
    }
  }
}
