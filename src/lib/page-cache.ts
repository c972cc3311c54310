import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http'
import { gzip } from 'node:zlib'
import { onInvalidate } from './cache'
import { readCookie, SESSID_COOKIE, SESSION_COOKIE, serializeCookie, sessionCookiesToIssue } from './session'
import { testHook } from './test-hooks'

/**
 * Full-page cache in front of Next (ADR 161). Pages that are the same for every visitor (the HTML
 * carries no per-visitor data: that comes from the spec's page-start calls) are rendered once and
 * then sent from memory, with the session cookies a first visit needs added per request. Any
 * invalidation of the data cache (a write here, or another instance's through the change feed, ADR
 * 160) empties it; the TTL bounds what is never announced (stock moved by orders).
 */

/** Pages the same for everyone: the catalogue, content and landings; never account, checkout, calls. */
const PUBLIC_PAGE = /^\/(?:(?:about|b2b|brands|catalog|dolyami|eco|encyclopedia|health|landing|news|search|showcase|turboslim)\/(?:[^?]*\/)?)?(?:\?.*)?$/
/** Next's draft-mode cookie (`draftMode().enable()`): its pages may show unpublished content. */
export const DRAFT_MODE_COOKIE = '__prerender_bypass'
/** Client-side navigation and server actions: their answers depend on the router state sent along. */
const ROUTER_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-action', 'next-url']
/** Headers of one response, not of the page. */
const NOT_STORED = new Set(['set-cookie', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'])

/** The negative control of the straddling-render test keeps such renders. */
export const staleRenderGuard = testHook('page cache stale render guard', true)

export interface PageCacheOptions {
  maxEntries?: number
  maxBytes?: number
  ttlMs?: number
  now?: () => number
}

interface Entry {
  status: number
  headers: OutgoingHttpHeaders
  body: Buffer
  gzipped?: Buffer
  expires: number
}

export interface PageCache {
  listener: RequestListener
  /** For tests and the bench: entries held now. */
  size(): number
  close(): void
}

export function isCacheable(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  if (ROUTER_HEADERS.some((h) => req.headers[h] !== undefined)) return false
  // Draft mode (ADR 201): an editor's preview is rendered per request and never kept.
  if (readCookie(req.headers.cookie ?? null, DRAFT_MODE_COOKIE) !== undefined) return false
  const url = req.url ?? ''
  return PUBLIC_PAGE.test(url) && !/[?&]_rsc=/.test(url)
}

export function withPageCache(render: RequestListener, options: PageCacheOptions = {}): PageCache {
  const { maxEntries = 2000, maxBytes = 256 * 1024 * 1024, ttlMs = 60_000, now = Date.now } = options
  const entries = new Map<string, Entry>()
  const filling = new Map<string, Promise<void>>()
  let bytes = 0
  // A render that began before an invalidation may carry the old data: it is sent, not kept.
  let generation = 0

  const forget = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.body.byteLength + (entry.gzipped?.byteLength ?? 0)
    entries.delete(key)
  }
  const clear = () => {
    generation++
    entries.clear()
    bytes = 0
  }
  const unsubscribe = onInvalidate(clear)

  const store = (key: string, entry: Entry) => {
    forget(key)
    entries.set(key, entry)
    bytes += entry.body.byteLength
    while (entries.size > maxEntries || bytes > maxBytes) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      forget(oldest)
    }
    const filledIn = generation
    gzip(entry.body, (error, gzipped) => {
      if (error || filledIn !== generation || entries.get(key) !== entry) return
      entry.gzipped = gzipped
      bytes += gzipped.byteLength
    })
  }

  const fresh = (key: string): Entry | undefined => {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= now()) return forget(key), undefined
    // Most recently used last: eviction takes the first.
    entries.delete(key)
    entries.set(key, entry)
    return entry
  }

  const renderAndKeep = (key: string, req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const startedIn = generation
    // Identity bytes from Next: the cache compresses once, not Next per request.
    delete req.headers['accept-encoding']
    res.setHeader('x-page-cache', 'miss')
    const done = captureResponse(res).then((captured) => {
      if (!captured || (staleRenderGuard() && startedIn !== generation)) return
      if (captured.status !== 200 || !/^(text\/html|application\/json)/.test(String(captured.headers['content-type'] ?? ''))) return
      store(key, { ...captured, expires: now() + ttlMs })
    })
    render(req, res)
    return done
  }

  const listener: RequestListener = (req, res) => {
    if (!isCacheable(req)) return render(req, res)
    const key = req.url ?? '/'
    const hit = fresh(key)
    if (hit) return send(hit, req, res)
    // Next answers HEAD without a body: such an answer must never stand in for the page.
    if (req.method === 'HEAD') return render(req, res)
    const pending = filling.get(key)
    if (pending) {
      // Concurrent first requests for one page wait for one render instead of starting their own.
      void pending.then(() => {
        const filled = fresh(key)
        if (filled) send(filled, req, res)
        else render(req, res)
      })
      return
    }
    const fill = renderAndKeep(key, req, res).finally(() => filling.delete(key))
    filling.set(key, fill)
  }

  return { listener, size: () => entries.size, close: unsubscribe }
}

function send(entry: Entry, req: IncomingMessage, res: ServerResponse): void {
  const gzipped = entry.gzipped && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? entry.gzipped : undefined
  const body = gzipped ?? entry.body
  const cookies = sessionCookiesToIssue(readCookie(req.headers.cookie ?? null, SESSION_COOKIE), readCookie(req.headers.cookie ?? null, SESSID_COOKIE))
  const headers: OutgoingHttpHeaders = { ...entry.headers, 'content-length': body.byteLength, 'x-page-cache': 'hit' }
  if (gzipped) headers['content-encoding'] = 'gzip'
  if (cookies.length > 0) headers['set-cookie'] = cookies.map(serializeCookie)
  res.writeHead(entry.status, headers)
  res.end(req.method === 'HEAD' ? undefined : body)
}

interface Captured {
  status: number
  headers: OutgoingHttpHeaders
  body: Buffer
}

/**
 * Tees what Next writes into `res` (headers, status, body chunks) and answers it when the response
 * ends; null when the connection closed before.
 */
function captureResponse(res: ServerResponse): Promise<Captured | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let headers: OutgoingHttpHeaders = {}
    const toBuffer = (chunk: unknown, encoding: unknown): Buffer | null => {
      if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      if (chunk instanceof Uint8Array) return Buffer.from(chunk)
      return null
    }
    const writeHead = res.writeHead.bind(res)
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      const given = rest.find((r): r is OutgoingHttpHeaders => typeof r === 'object' && r !== null && !Array.isArray(r))
      if (given) headers = { ...headers, ...given }
      return Reflect.apply(writeHead, res, [status, ...rest]) as ServerResponse
    }) as typeof res.writeHead
    const write = res.write.bind(res)
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      const buffer = toBuffer(chunk, rest[0])
      if (buffer) chunks.push(buffer)
      return Reflect.apply(write, res, [chunk, ...rest]) as boolean
    }) as typeof res.write
    const end = res.end.bind(res)
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      const buffer = toBuffer(chunk, rest[0])
      if (buffer) chunks.push(buffer)
      return Reflect.apply(end, res, [chunk, ...rest]) as ServerResponse
    }) as typeof res.end
    res.once('finish', () => {
      const all = { ...res.getHeaders(), ...headers }
      const kept: OutgoingHttpHeaders = {}
      for (const [name, value] of Object.entries(all)) if (value !== undefined && !NOT_STORED.has(name.toLowerCase())) kept[name.toLowerCase()] = value
      resolve({ status: res.statusCode, headers: kept, body: Buffer.concat(chunks) })
    })
    res.once('close', () => resolve(null))
  })
}
