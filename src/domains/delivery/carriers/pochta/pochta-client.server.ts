import 'server-only'

/**
 * Почта России's own fetch client (ADR 194): the public tariff calculator (no keys) and the otpravka
 * API, whose every call carries `Authorization: AccessToken <token>` and `X-User-Authorization: Basic
 * base64(login:password)` (otpravka.pochta.ru/specification#/authorization-token, -key). Every call has a
 * time limit so a slow post never holds a buyer's request.
 */

export type PochtaErrorKind = 'timeout' | 'network' | 'http' | 'auth' | 'invalid'

export class PochtaError extends Error {
  override name = 'PochtaError'
  constructor(
    readonly kind: PochtaErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

export interface PochtaClientOptions {
  /** https://tariff.pochta.ru */
  tariffUrl: string
  /** https://otpravka-api.pochta.ru */
  apiUrl: string
  token: string
  login: string
  password: string
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 5_000

export interface PochtaRequest {
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  timeoutMs?: number
}

function join(base: string, path: string, query?: PochtaRequest['query']): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`)
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
  // The calculator's flags are bare words (`?json&object=…`), as its documentation writes them.
  return url.toString().replace(/([?&])json=(&|$)/, '$1json$2')
}

/** The messages of otpravka's error shapes ({code, desc, sub-code}, {errors[{error-codes[{description}]}]}, {message}). */
export function errorText(json: unknown): string {
  if (!json || typeof json !== 'object') return ''
  const o = json as Record<string, unknown>
  const parts: string[] = []
  for (const key of ['desc', 'message', 'sub-code']) if (typeof o[key] === 'string') parts.push(o[key] as string)
  if (Array.isArray(o.errors)) {
    for (const e of o.errors) {
      if (!e || typeof e !== 'object') continue
      const codes = (e as { 'error-codes'?: unknown })['error-codes']
      if (Array.isArray(codes)) {
        for (const c of codes) {
          if (c && typeof c === 'object') {
            const { code, description } = c as { code?: unknown; description?: unknown }
            parts.push([code, description].filter((x) => typeof x === 'string').join(': '))
          }
        }
      }
      const code = (e as { 'error-code'?: unknown })['error-code']
      if (typeof code === 'string') parts.push(code)
      const msg = (e as { msg?: unknown }).msg
      if (typeof msg === 'string') parts.push(msg)
    }
  }
  return parts.filter(Boolean).join('; ')
}

export class PochtaClient {
  constructor(private readonly options: PochtaClientOptions) {}

  /**
   * One HTTP exchange. A GET that fails on the connection is sent once more on a new connection (a
   * kept-alive socket the server closed while idle, ADR 170); a timeout is not repeated, nor a PUT.
   */
  private async send(url: string, init: RequestInit, timeoutMs: number, repeatable: boolean): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
      } catch (error) {
        const name = error instanceof Error ? error.name : ''
        if (name === 'TimeoutError' || name === 'AbortError') throw new PochtaError('timeout', `Почта России did not answer within ${timeoutMs} ms`)
        if (repeatable && attempt === 0) continue
        throw new PochtaError('network', `Почта России unreachable: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }

  private async json(res: Response, what: string): Promise<unknown> {
    const json: unknown = await res.json().catch(() => null)
    if (res.status === 401 || res.status === 403) throw new PochtaError('auth', `${what}: HTTP ${res.status} ${errorText(json)}`.trim(), res.status)
    if (!res.ok) throw new PochtaError('http', `${what}: HTTP ${res.status} ${errorText(json)}`.trim(), res.status)
    return json
  }

  /** The public calculator (no keys): GET tariff.pochta.ru/v2/calculate/… */
  async tariff(path: string, query: Record<string, string>, timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS): Promise<unknown> {
    const res = await this.send(join(this.options.tariffUrl, path, query), { method: 'GET', headers: { accept: 'application/json' } }, timeoutMs, true)
    return this.json(res, `Почта России calculator ${path}`)
  }

  /** The otpravka API with the account's keys. */
  async request(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, req: PochtaRequest = {}): Promise<unknown> {
    const timeoutMs = req.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const key = Buffer.from(`${this.options.login}:${this.options.password}`, 'utf8').toString('base64')
    const headers: Record<string, string> = {
      authorization: `AccessToken ${this.options.token}`,
      'x-user-authorization': `Basic ${key}`,
      accept: 'application/json;charset=UTF-8',
    }
    if (req.body !== undefined) headers['content-type'] = 'application/json;charset=UTF-8'
    const init = { method, headers, body: req.body === undefined ? undefined : JSON.stringify(req.body) }
    const res = await this.send(join(this.options.apiUrl, path, req.query), init, timeoutMs, method === 'GET')
    return this.json(res, `Почта России ${method} ${path}`)
  }
}
