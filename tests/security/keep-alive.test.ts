import { Agent, createServer, get, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { keepConnectionsAlive } from '../../scripts/serve'

const servers: Server[] = []
const agent = new Agent({ keepAlive: true })

afterEach(async () => {
  agent.destroy()
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
})

/** The Keep-Alive header a keep-alive client reads from the server's first answer. */
async function advertisedKeepAlive(server: Server): Promise<string | undefined> {
  servers.push(server)
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume()
      resolve(res.headers['keep-alive']?.toString())
    }).on('error', reject)
  })
}

const ok = () => createServer((_req, res) => res.end('ok'))

describe('idle connections (ADR 170)', () => {
  it('are kept past the 60 s a proxy keeps an upstream connection, and the clients are told so', async () => {
    expect(await advertisedKeepAlive(keepConnectionsAlive(ok()))).toBe('timeout=65')
  })

  it('would be dropped after Node’s 5 s default without it: the race a reused socket ran into', async () => {
    expect(await advertisedKeepAlive(ok())).toBe('timeout=5')
  })

  it('give a request its headers past the idle deadline', () => {
    const server = keepConnectionsAlive(ok())
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout)
  })
})
