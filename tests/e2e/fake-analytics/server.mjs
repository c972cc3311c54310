// Serves the fake counter scripts to the browser tests on 127.0.0.1, so that the shop's analytics run
// in every test without reaching the internet (ADR 115). Port: FAKE_ANALYTICS_PORT.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const here = new URL('.', import.meta.url)
const files = {
  '/metrika/tag.js': readFileSync(new URL('metrika-tag.js', here)),
  '/gtm.js': readFileSync(new URL('gtm.js', here)),
}
const port = Number(process.env.FAKE_ANALYTICS_PORT ?? 4100)

createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname
  if (path === '/healthz') return res.writeHead(200).end('ok')
  const body = files[path]
  if (!body) return res.writeHead(404).end()
  res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(body)
}).listen(port, '127.0.0.1')
