import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { StringDecoder } from 'node:string_decoder'
import { constants as zlibConstants, createGzip } from 'node:zlib'

/**
 * Next writes its chunks as `<script async>` tags: on a fast link they arrive with the stylesheet
 * and run before the first frame, which then waits for about 170 KB of framework and hydration. A
 * buyer on a phone sees the page later, and bandwidth the picture needs goes to scripts that are of
 * no use before it is shown. This rewrites each chunk tag into a call that adds the same script once
 * the first contentful paint has happened (ADR 215). Order and async-ness are as before: Next's
 * chunks never relied on their order. HTML only, for the storefront; never the back office.
 *
 * The chunks storefront pages name are sent with V8's explicit compile hint on their first line (ADR 217):
 * Chrome then compiles every function of the script while it downloads, on a background thread,
 * instead of on the main thread at the first call, which for React DOM alone came to about 40 ms
 * of a phone's main thread in the middle of hydration. Other engines read it as a comment.
 */

/** A Next chunk script: src under /_next/static/chunks/, async, with the page's nonce; not noModule. */
const CHUNK_TAG =
  /<script(?=[^>]*\ssrc="(\/_next\/static\/chunks\/[^"]+\.js)")(?=[^>]*\sasync(?:="")?[\s>])(?=[^>]*\snonce="([^"]+)")(?![^>]*\snoModule)[^>]*><\/script>/g

/** The hint (https://v8.dev/blog/explicit-compile-hints): a comment on the script's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * The chunks storefront pages have named, as their tags were rewritten: only these carry the hint. The
 * back office keeps Next's loading (its own chunks are large, and compiling every function of them
 * before they run made its forms respond later). Bounded by the build's chunk files.
 */
const storefrontChunks = new Set<string>()

/** What the pages answer besides HTML (the catalogue's JSON): compressed here as Next would. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml))/

/** Back office pages keep Next's loading: managers work on fast links and want their forms at once. */
const OWN_LOADING = /^\/(?:admin|api|ajax|_next)\//

/** The loader's bound: a browser that never reports a first paint still gets its scripts. */
const PAINT_WAIT_MS = 3000

/**
 * Defined once per page, by the first rewritten tag. Waits for the first contentful paint (a page
 * opened in the background has none to wait for), with a bound in case the browser never reports it.
 * The waiting chunks are then added one per task: starting a request costs the main thread 0.3–2 ms
 * (ADR 217), and a dozen of them in one task made a long task of their own on a phone.
 */
const LOADER = [
  'self.__afterPaint||(function(){',
  'var queue=[],open=false;',
  "function add(src){var s=document.createElement('script');s.src=src;s.async=true;document.head.appendChild(s)}",
  'function next(){var src=queue.shift();if(src===undefined)return;add(src);if(queue.length)setTimeout(next)}',
  'function run(){if(open)return;open=true;next()}',
  'self.__afterPaint=function(src){open?add(src):queue.push(src)};',
  "if(document.visibilityState!=='visible'||!self.PerformanceObserver)return run();",
  "try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)run()}).observe({type:'paint',buffered:true})}catch(e){return run()}",
  `setTimeout(run,${PAINT_WAIT_MS})`,
  '})();',
].join('')

export interface ScriptRewriter {
  /** Rewrites what can be rewritten now; a tag cut by the chunk's end waits for the next chunk. */
  push(text: string): string
  /** What was held back, at the end of the document. */
  end(): string
}

export function createScriptRewriter(): ScriptRewriter {
  let held = ''
  let defined = false
  const rewrite = (html: string) =>
    html.replace(CHUNK_TAG, (_tag, src: string, nonce: string) => {
      const define = defined ? '' : LOADER
      defined = true
      storefrontChunks.add(src)
      return `<script nonce="${nonce}">${define}self.__afterPaint(${JSON.stringify(src)})</script>`
    })
  return {
    push(text) {
      const all = held + text
      const cut = safeEnd(all)
      held = all.slice(cut)
      return rewrite(all.slice(0, cut))
    },
    end() {
      const rest = rewrite(held)
      held = ''
      return rest
    },
  }
}

/** Puts the compile hint before the first byte of a chunk. */
export function createCompileHint(): ScriptRewriter {
  let first = true
  return {
    push(text) {
      if (!first || !text) return text
      first = false
      return COMPILE_HINT + text
    },
    end: () => '',
  }
}

/** A whole document at once (the page cache's stored copy, tests). */
export function rewriteScripts(html: string): string {
  const rewriter = createScriptRewriter()
  return rewriter.push(html) + rewriter.end()
}

/** Where a chunk can be cut without splitting a script element or a tag. */
function safeEnd(text: string): number {
  const script = text.lastIndexOf('<script')
  if (script >= 0 && text.indexOf('</script>', script) < 0) return script
  const tag = text.lastIndexOf('<')
  if (tag >= 0 && text.indexOf('>', tag) < 0) return tag
  return text.length
}

/**
 * Rewrites the HTML pages `render` answers. Next would compress them first, so the request's
 * Accept-Encoding is taken off on the way in, and the rewritten bytes gzipped here when the browser
 * takes gzip (the page cache, in front, asks for identity bytes itself and compresses its copy).
 */
export function withScriptsAfterPaint(render: RequestListener): RequestListener {
  return (req, res) => {
    const rewriterFor = isPageRequest(req) ? forPages : isChunkRequest(req) ? forChunks : null
    if (!rewriterFor) return render(req, res)
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    delete req.headers['accept-encoding']
    // A part of a chunk would start with the hint's bytes: chunks are sent whole.
    delete req.headers.range
    rewriteBody(res, gzip, rewriterFor)
    render(req, res)
  }
}

/** Pages' HTML has its chunk tags rewritten; their JSON (the catalogue's «show more») is only compressed. */
const forPages = (type: string) => (/^text\/html/.test(type) ? createScriptRewriter() : null)
const forChunks = (type: string) => (/javascript/.test(type) ? createCompileHint() : null)

function isChunkRequest(req: IncomingMessage): boolean {
  return req.method === 'GET' && storefrontChunks.has((req.url ?? '').split('?')[0] ?? '')
}

/**
 * Any GET of a page, whatever its Accept header: the page cache keeps the first answer for everyone,
 * so a page fetched by a script must be rewritten as a browser's would be. Files (a dot in the last
 * segment) and RSC payloads are not pages.
 */
function isPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET') return false
  const url = req.url ?? '/'
  if (OWN_LOADING.test(url)) return false
  if (req.headers.rsc !== undefined || /[?&]_rsc=/.test(url)) return false
  const path = url.split('?')[0] ?? url
  return !/\.[a-z0-9]+$/i.test(path)
}

type Chunk = string | Uint8Array

/** Sits between Next's writes and the socket: decode, rewrite, re-encode, maybe gzip. */
function rewriteBody(res: ServerResponse, gzip: boolean, rewriterFor: (type: string) => ScriptRewriter | null): void {
  const write = res.write.bind(res) as (chunk: Chunk, callback?: () => void) => boolean
  const end = res.end.bind(res) as (chunk?: Chunk, callback?: () => void) => ServerResponse
  let sink: { push(text: string): boolean; finish(text: string, done?: () => void): void } | null | undefined
  let rewriter: ScriptRewriter | null = null
  const decoder = new StringDecoder('utf8')

  // Decided when Next sends its headers: HTML is rewritten, HTML and JSON compressed, the rest passed on.
  const open = () => {
    if (sink !== undefined) return sink
    const type = String(res.getHeader('content-type') ?? '')
    if (res.getHeader('content-encoding') !== undefined || res.headersSent || !COMPRESSIBLE.test(type)) return (sink = null)
    if (res.statusCode === 304 || res.statusCode === 204) return (sink = null)
    rewriter = rewriterFor(type)
    res.removeHeader('content-length')
    if (!gzip) {
      sink = { push: (text) => (text ? write(text) : true), finish: (text, done) => void end(text, done) }
      return sink
    }
    res.setHeader('content-encoding', 'gzip')
    const zip = createGzip()
    zip.on('data', (bytes: Buffer) => write(bytes))
    sink = {
      // Each piece is flushed: streamed parts of a page (Suspense) must reach the browser as they come.
      push: (text) => (text ? (zip.write(text), zip.flush(zlibConstants.Z_SYNC_FLUSH), true) : true),
      finish: (text, done) => {
        zip.once('end', () => void end(undefined, done))
        zip.end(text)
      },
    }
    return sink
  }
  const text = (chunk: unknown, encoding: unknown): string =>
    typeof chunk === 'string'
      ? decoder.write(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'))
      : chunk instanceof Uint8Array
        ? decoder.write(chunk)
        : ''

  // Next sends its headers before the first chunk (pages flush them; files go through its compression
  // middleware, which calls writeHead): the choice (and gzip's header) must come first.
  const flushHeaders = res.flushHeaders.bind(res)
  res.flushHeaders = () => {
    open()
    flushHeaders()
  }
  const writeHead = res.writeHead.bind(res)
  res.writeHead = ((...args: unknown[]) => {
    open()
    return Reflect.apply(writeHead, res, args) as ServerResponse
  }) as typeof res.writeHead
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const to = open()
    if (!to) return Reflect.apply(write, res, [chunk, ...rest]) as boolean
    const piece = text(chunk, rest[0])
    const written = to.push(rewriter ? rewriter.push(piece) : piece)
    rest.find((r): r is () => void => typeof r === 'function')?.()
    return written
  }) as typeof res.write
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const to = open()
    if (!to) return Reflect.apply(end, res, [chunk, ...rest]) as ServerResponse
    const done = [chunk, ...rest].find((r): r is () => void => typeof r === 'function')
    const last = typeof chunk === 'function' ? '' : text(chunk, rest[0])
    const tail = last + decoder.end()
    to.finish(rewriter ? rewriter.push(tail) + rewriter.end() : tail, done)
    return res
  }) as typeof res.end
}
