import 'server-only'
import { errOf, isTokenError } from './boxberry'

/**
 * Boxberry's own fetch client (ADR 193). One address (`BOXBERRY_API_URL`, …/json.php), the token and
 * the method in the query; a time limit on every call so a slow carrier never holds a buyer's request.
 * Boxberry reports refusals inside a 200 answer (`err`): those become an 'api' error (or 'auth' when
 * the text is about the token), distinct from Boxberry being down ('timeout', 'network', 'http' 5xx).
 */

export type BoxberryErrorKind = 'timeout' | 'network' | 'http' | 'auth' | 'api' | 'invalid'

export class BoxberryError extends Error {
  override name = 'BoxberryError'
  constructor(
    readonly kind: BoxberryErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }

  /** Boxberry is not answering as a service (as opposed to refusing this request). */
  get down(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || this.kind === 'invalid' || (this.kind === 'http' && (this.status ?? 500) >= 500)
  }
}

export interface BoxberryClientOptions {
  /** https://api.boxberry.ru/json.php */
  baseUrl: string
  token: string
  /** Default time limit of a call, ms. */
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 5_000

export type BoxberryQuery = Record<string, string | number | undefined>

export class BoxberryClient {
  constructor(private readonly options: BoxberryClientOptions) {}

  private url(method: string, query?: BoxberryQuery): string {
    const url = new URL(this.options.baseUrl)
    url.searchParams.set('token', this.options.token)
    url.searchParams.set('method', method)
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    return url.toString()
  }

  /**
   * One exchange. A GET (every read method) is sent once more on a new connection after a connection
   * error (a kept-alive socket the server closed while idle, ADR 170); a timeout is not repeated, nor
   * is a POST (a parcel registration must not be sent twice).
   */
  private async send(url: string, init: RequestInit, timeoutMs: number, repeatable: boolean, method: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      let res: Response
      try {
        res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
      } catch (error) {
        const name = error instanceof Error ? error.name : ''
        if (name === 'TimeoutError' || name === 'AbortError') throw new BoxberryError('timeout', `Boxberry ${method} did not answer within ${timeoutMs} ms`)
        if (repeatable && attempt === 0) continue
        throw new BoxberryError('network', `Boxberry ${method} unreachable: ${error instanceof Error ? error.message : String(error)}`)
      }
      const raw = await res.text().catch(() => '')
      let json: unknown = null
      try {
        json = raw ? JSON.parse(raw) : null
      } catch {
        json = null
      }
      const err = errOf(json)
      if (!res.ok) {
        const kind = res.status === 401 || res.status === 403 ? 'auth' : 'http'
        throw new BoxberryError(kind, `Boxberry ${method}: HTTP ${res.status}${err ? ` ${err}` : ''}`, res.status)
      }
      if (err) throw new BoxberryError(isTokenError(err) ? 'auth' : 'api', `Boxberry ${method}: ${err}`)
      if (json === null) throw new BoxberryError('invalid', `Boxberry ${method}: not JSON`)
      return json
    }
  }

  /** A read method (ListPoints, ListCities, DeliveryCosts, ListStatuses): GET, the JSON answered. */
  async get(method: string, query: BoxberryQuery = {}, timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS): Promise<unknown> {
    return this.send(this.url(method, query), { method: 'GET', headers: { accept: 'application/json' } }, timeoutMs, true, method)
  }

  /** ParselCreate: a POST form with the parcel as `sdata` (JSON). Never repeated by the client. */
  async postForm(method: string, sdata: unknown, timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS): Promise<unknown> {
    const body = new URLSearchParams({ sdata: JSON.stringify(sdata) })
    return this.send(
      this.url(method),
      { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body },
      timeoutMs,
      false,
      method,
    )
  }
}
