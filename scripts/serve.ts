/**
 * The shop's HTTP server: Next's request handler behind a plain Node server, as `next start` is, plus
 * two things Next does not do: every request carries the socket address in a header whose name is
 * random per process, so per-client limits count real clients when no proxy is trusted (ADR 156);
 * pages that are the same for every visitor are sent from memory (src/lib/page-cache.ts, ADR 161);
 * storefront pages start Next's scripts after their first paint, and the script chunks come with V8's
 * compile hint (src/lib/scripts-after-paint.ts, ADRs 215 and 217).
 * SIGTERM and SIGINT stop accepting connections and let the requests in flight finish.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http'
import { withPageCache } from '../src/lib/page-cache'
import { withScriptsAfterPaint } from '../src/lib/scripts-after-paint'

/**
 * Keeps idle connections open longer than the clients and proxies that reuse them: nginx and cloud
 * load balancers keep an upstream connection up to 60 s, and Node's own 5 s default let a client send
 * a request on a socket the server was closing at that moment (ECONNRESET, ADR 170).
 */
export const KEEP_ALIVE_MS = 65_000

export function keepConnectionsAlive(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_MS
  // Node needs the headers deadline past the idle one, or a slow first line on a reused socket is cut.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000
  return server
}

/** Writes the socket address under `header`, replacing any value the client sent, then hands on. */
export function withSocketAddress(header: string, handle: RequestListener): RequestListener {
  return (req: IncomingMessage, res) => {
    req.headers[header] = req.socket.remoteAddress ?? ''
    handle(req, res)
  }
}

async function main(): Promise<void> {
  // As `next start` does, and before Next and React load: they pick their production builds by it.
  Object.assign(process.env, { NODE_ENV: 'production' })
  // `--import tsx` turns source maps on for the whole process, so Node would keep the map of every
  // server chunk Next loads: about 85 MB of the heap that stays (ADR 216). `next start` keeps none either.
  process.setSourceMapsEnabled(false)
  const { default: next } = await import('next')
  const header = `x-socket-${randomBytes(16).toString('hex')}`
  // Read by src/lib/env.ts in this same process: the app runs inside this server.
  process.env.SOCKET_ADDRESS_HEADER = header
  const port = Number(process.env.PORT ?? 3000)
  const hostname = process.env.HOSTNAME ?? '0.0.0.0'
  const app = next({ dev: false, dir: process.cwd(), port, hostname })
  await app.prepare()
  const handle = app.getRequestHandler()
  // Storefront pages load Next's scripts after their first paint (ADR 215).
  const render = withScriptsAfterPaint((req, res) => void handle(req, res))
  // PAGE_CACHE=off renders every page (to compare, or to rule the cache out when hunting a bug).
  const pages = process.env.PAGE_CACHE === 'off' ? render : withPageCache(render).listener
  const server = keepConnectionsAlive(createServer(withSocketAddress(header, pages)))
  server.listen(port, hostname, () => console.log(`> ready on http://${hostname}:${port}`))
  const stop = () => {
    server.close(() => process.exit(0))
    server.closeIdleConnections()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

if (process.argv[1]?.endsWith('serve.ts')) await main()
