import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { COMPILE_HINT, createScriptRewriter, rewriteScripts, withScriptsAfterPaint } from './scripts-after-paint'

/** The head and body tags Next 16 writes for a storefront page (attribute orders as seen). */
const HEAD =
  '<head><link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="N1" data-precedence="next"/>' +
  '<link rel="preload" as="script" fetchPriority="low" nonce="N1" href="/_next/static/chunks/runtime.js"/>' +
  '<script src="/_next/static/chunks/react-dom.js" async="" nonce="N1"></script>' +
  '<script src="/_next/static/chunks/app.js" async="" nonce="N1"></script>' +
  '<script src="/_next/static/chunks/legacy.js" noModule="" nonce="N1"></script></head>'
const BODY =
  '<body><p>Каталог витаминов</p><script nonce="N1">self.__next_f.push([0])</script>' +
  '<script src="/_next/static/chunks/runtime.js" nonce="N1" async=""></script></body></html>'
const PAGE = `<!DOCTYPE html><html>${HEAD}${BODY}`

const chunkTags = (html: string) => html.match(/<script[^>]*src="\/_next\/static\/chunks\/[^"]+"[^>]*async[^>]*>/g) ?? []
const deferred = (html: string) => [...html.matchAll(/self\.__afterPaint\("([^"]+)"\)/g)].map((m) => m[1])

describe('rewriteScripts', () => {
  it('turns every async chunk tag into a call made after the first paint, in the same order', () => {
    const html = rewriteScripts(PAGE)
    expect(chunkTags(html)).toEqual([])
    expect(deferred(html)).toEqual(['/_next/static/chunks/react-dom.js', '/_next/static/chunks/app.js', '/_next/static/chunks/runtime.js'])
    // The loader is defined once, by the first call, and each call carries the page's nonce.
    expect(html.match(/self\.__afterPaint\|\|/g)).toHaveLength(1)
    expect(html.match(/<script nonce="N1">[^<]*self\.__afterPaint\(/g)).toHaveLength(3)
  })

  it('leaves the rest of the page as it was: noModule, inline scripts, the stylesheet and text', () => {
    const html = rewriteScripts(PAGE)
    expect(html).toContain('<script src="/_next/static/chunks/legacy.js" noModule="" nonce="N1"></script>')
    expect(html).toContain('<script nonce="N1">self.__next_f.push([0])</script>')
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css"')
    expect(html).toContain('<p>Каталог витаминов</p>')
  })

  it('gives the same page whatever the chunk boundaries, even inside a tag or a letter', () => {
    const whole = rewriteScripts(PAGE)
    for (const size of [1, 7, 64, 333]) {
      const rewriter = createScriptRewriter()
      let out = ''
      for (let i = 0; i < PAGE.length; i += size) out += rewriter.push(PAGE.slice(i, i + size))
      out += rewriter.end()
      expect(out, `pieces of ${size}`).toBe(whole)
    }
  })
})

let server: Server | undefined
afterEach(async () => {
  const open = server
  server = undefined
  if (open) await new Promise((resolve) => open.close(resolve))
})

/** Stands in for Next: writes the page in 7-byte pieces, which cut tags and Cyrillic letters. */
function fakeNext(contentType = 'text/html; charset=utf-8', announce: 'flushHeaders' | 'writeHead' = 'flushHeaders') {
  const seen: (string | undefined)[] = []
  const ranges: (string | undefined)[] = []
  const render = (req: IncomingMessage, res: ServerResponse) => {
    seen.push(req.headers['accept-encoding'] as string | undefined)
    ranges.push(req.headers.range)
    res.setHeader('content-type', contentType)
    // As Next's pipe does before a page's first chunk; its compression middleware calls writeHead for files.
    if (announce === 'writeHead') {
      res.setHeader('content-length', Buffer.byteLength(PAGE))
      res.writeHead(200)
    } else res.flushHeaders()
    const bytes = Buffer.from(PAGE)
    for (let i = 0; i < bytes.byteLength; i += 7) res.write(bytes.subarray(i, i + 7))
    res.end()
  }
  return { render, seen, ranges }
}

async function serve(render: (req: IncomingMessage, res: ServerResponse) => void): Promise<number> {
  server = createServer(withScriptsAfterPaint(render))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

function get(port: number, path: string, headers: Record<string, string>): Promise<{ headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (b: Buffer) => parts.push(b))
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }))
    })
      .on('error', reject)
      .end()
  })
}

const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' }

describe('withScriptsAfterPaint', () => {
  it('rewrites a page Next streams and gzips it itself, having asked Next for identity bytes', async () => {
    const next = fakeNext()
    const port = await serve(next.render)
    const res = await get(port, '/catalog/', PAGE_HEADERS)
    expect(next.seen).toEqual([undefined])
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(res.body).toString('utf8')).toBe(rewriteScripts(PAGE))
  })

  it('sends identity bytes to a browser that takes no gzip', async () => {
    const port = await serve(fakeNext().render)
    const res = await get(port, '/catalog/', { accept: 'text/html' })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString('utf8')).toBe(rewriteScripts(PAGE))
  })

  it('rewrites a page fetched by a script too: the page cache keeps the first answer for everyone', async () => {
    const port = await serve(fakeNext().render)
    const res = await get(port, '/catalog/', { accept: '*/*' })
    expect(res.body.toString('utf8')).toBe(rewriteScripts(PAGE))
  })

  it('leaves the back office, calls, client navigations and files to Next as they were', async () => {
    const next = fakeNext()
    const port = await serve(next.render)
    for (const [path, headers] of [
      ['/admin/orders/', PAGE_HEADERS],
      ['/ajax/basket/', PAGE_HEADERS],
      ['/catalog/', { ...PAGE_HEADERS, rsc: '1' }],
      ['/catalog/?_rsc=abc', PAGE_HEADERS],
      ['/upload/packs/a.svg', PAGE_HEADERS],
    ] as const) {
      const res = await get(port, path, headers)
      expect(res.body.toString('utf8'), path).toBe(PAGE)
    }
    expect(next.seen).toEqual(Array(5).fill('gzip, deflate, br'))
  })

  it('compresses the JSON of a page without touching it, and passes other answers on as they are', async () => {
    const json = await serve(fakeNext('application/json').render)
    const compressed = await get(json, '/catalog/?ajax=Y', PAGE_HEADERS)
    expect(compressed.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(compressed.body).toString('utf8')).toBe(PAGE)
    server?.close()
    const image = await serve(fakeNext('image/png').render)
    const raw = await get(image, '/catalog/', PAGE_HEADERS)
    expect(raw.headers['content-encoding']).toBeUndefined()
    expect(raw.body.toString('utf8')).toBe(PAGE)
  })

  it('sends the chunks storefront pages name whole, with the compile hint on their first line, gzipped', async () => {
    // A storefront page names react-dom.js, app.js and runtime.js.
    rewriteScripts(PAGE)
    const next = fakeNext('application/javascript; charset=UTF-8', 'writeHead')
    const port = await serve(next.render)
    const res = await get(port, '/_next/static/chunks/react-dom.js', { 'accept-encoding': 'gzip', range: 'bytes=10-20' })
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(res.body).toString('utf8')).toBe(COMPILE_HINT + PAGE)
    expect(next.seen).toEqual([undefined])
    expect(next.ranges).toEqual([undefined])
    const identity = await get(port, '/_next/static/chunks/runtime.js?v=1', {})
    expect(identity.body.toString('utf8')).toBe(COMPILE_HINT + PAGE)
    // A chunk no storefront page has named (the back office's own) is sent as Next sent it.
    const other = await get(port, '/_next/static/chunks/admin-orders.js', { 'accept-encoding': 'gzip', range: 'bytes=0-3' })
    expect(other.body.toString('utf8')).toBe(PAGE)
    expect(next.ranges.at(-1)).toBe('bytes=0-3')
  })

  it('leaves other files under /_next/ and answers that are not scripts as Next sent them', async () => {
    const css = await serve(fakeNext('text/css').render)
    expect((await get(css, '/_next/static/chunks/2jr9z-m7ur6ut.css', {})).body.toString('utf8')).toBe(PAGE)
    server?.close()
    const notScript = await serve(fakeNext('text/html; charset=utf-8').render)
    // Named by the page, but what came back is not a script (a 404 page): not touched.
    expect((await get(notScript, '/_next/static/chunks/app.js', {})).body.toString('utf8')).toBe(PAGE)
  })
})
