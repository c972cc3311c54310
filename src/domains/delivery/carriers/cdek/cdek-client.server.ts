import 'server-only'
import { now } from '@/lib/clock'
import { tokenAnswer } from './cdek'

/**
 * СДЭК API v2's own fetch client (ADR 176): OAuth2 client credentials, the token kept until a minute
 * before it expires and fetched again on expiry or on a 401 (СДЭК may revoke it early), a time limit
 * on every call so a slow carrier never holds a buyer's request.
 */

export type CdekErrorKind = 'timeout' | 'network' | 'http' | 'auth' | 'invalid'

export class CdekError extends Error {
  override name = 'CdekError'
  constructor(
    readonly kind: CdekErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

export interface CdekClientOptions {
  /** https://api.cdek.ru/v2, without a trailing slash needed. */
  baseUrl: string
  clientId: string
  clientSecret: string
  /** Default time limit of a call, ms. */
  timeoutMs?: number
}

/** Kept this long before its end: a token that expires on the way is refused. */
const EXPIRY_MARGIN_MS = 60_000
const DEFAULT_TIMEOUT_MS = 5_000

export interface CdekRequest {
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  timeoutMs?: number
  /** A POST that changes nothing at СДЭК, safe to send again after a connection error. */
  repeatable?: boolean
}

export class CdekClient {
  private token: { value: string; expiresAt: number } | null = null
  private pendingToken: Promise<string> | null = null
  /** How many tokens this client has fetched (the tests count them). */
  tokensFetched = 0

  constructor(private readonly options: CdekClientOptions) {}

  private url(path: string, query?: CdekRequest['query']): string {
    const url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`)
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    return url.toString()
  }

  /**
   * One HTTP exchange. A connection error on a request that is safe to repeat is tried once more on a
   * new connection: a kept-alive socket the server closed while idle fails the next request sent on it
   * (ECONNRESET, «fetch failed»), as ADR 170 found from the other side. A timeout is not repeated.
   */
  private async send(url: string, init: RequestInit, timeoutMs: number, repeatable: boolean): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
      } catch (error) {
        const name = error instanceof Error ? error.name : ''
        if (name === 'TimeoutError' || name === 'AbortError') throw new CdekError('timeout', `СДЭК did not answer within ${timeoutMs} ms`)
        if (repeatable && attempt === 0) continue
        throw new CdekError('network', `СДЭК unreachable: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }

  /** The cached token, or a new one; concurrent callers share one token request. */
  async accessToken(force = false, timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS): Promise<string> {
    if (!force && this.token && this.token.expiresAt > now().getTime()) return this.token.value
    this.pendingToken ??= this.fetchToken(timeoutMs).finally(() => {
      this.pendingToken = null
    })
    return this.pendingToken
  }

  private async fetchToken(timeoutMs: number): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
    })
    const res = await this.send(
      this.url('oauth/token'),
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
      timeoutMs,
      true,
    )
    if (!res.ok) throw new CdekError(res.status === 401 || res.status === 400 ? 'auth' : 'http', `СДЭК token: HTTP ${res.status}`, res.status)
    const parsed = tokenAnswer.safeParse(await res.json().catch(() => null))
    if (!parsed.success) throw new CdekError('invalid', 'СДЭК token: unexpected answer')
    this.tokensFetched += 1
    const lifetimeMs = parsed.data.expires_in * 1000
    this.token = { value: parsed.data.access_token, expiresAt: now().getTime() + Math.max(0, lifetimeMs - EXPIRY_MARGIN_MS) }
    return this.token.value
  }

  /**
   * A call with the bearer token; a 401 fetches a new token and tries once more. Answers the JSON.
   * GETs are repeated after a connection error; a POST only when `req.repeatable` says it changes
   * nothing at СДЭК (the calculator), never an order registration.
   */
  async request(method: 'GET' | 'POST', path: string, req: CdekRequest = {}): Promise<unknown> {
    const timeoutMs = req.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const url = this.url(path, req.query)
    for (let attempt = 0; ; attempt++) {
      // The token request counts against the same limit as the call it serves.
      const token = await this.accessToken(attempt > 0, timeoutMs)
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' }
      if (req.body !== undefined) headers['content-type'] = 'application/json'
      const init = { method, headers, body: req.body === undefined ? undefined : JSON.stringify(req.body) }
      const res = await this.send(url, init, timeoutMs, method === 'GET' || req.repeatable === true)
      if (res.status === 401 && attempt === 0) {
        this.token = null
        await res.body?.cancel()
        continue
      }
      const json: unknown = await res.json().catch(() => null)
      if (!res.ok) throw new CdekError(res.status === 401 ? 'auth' : 'http', `СДЭК ${method} ${path}: HTTP ${res.status} ${errorText(json)}`.trim(), res.status)
      return json
    }
  }
}

/** The messages of СДЭК's error list ({errors: [{code, message}]}, also inside requests[]). */
export function errorText(json: unknown): string {
  const lists: unknown[] = []
  if (json && typeof json === 'object') {
    const o = json as { errors?: unknown; requests?: unknown }
    if (Array.isArray(o.errors)) lists.push(...o.errors)
    if (Array.isArray(o.requests)) for (const r of o.requests) if (r && typeof r === 'object' && Array.isArray((r as { errors?: unknown }).errors)) lists.push(...(r as { errors: unknown[] }).errors)
  }
  return lists
    .map((e) => (e && typeof e === 'object' ? [(e as { code?: unknown }).code, (e as { message?: unknown }).message].filter((x) => typeof x === 'string').join(': ') : ''))
    .filter(Boolean)
    .join('; ')
}
