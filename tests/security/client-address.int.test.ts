import { request as httpRequest, createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { POST as question } from '@/app/ajax/question/route'
import { POST as registerPost } from '@/app/ajax/register/route'
import { clientIp } from '@/lib/client-ip'
import { withSocketAddress } from '../../scripts/serve'
import { GOOD_PASSWORD, uniqueEmail } from '../account/kit'
import { captchaToken, easyCaptcha } from '../support/captcha'
import { formPost, newVisitor } from '../support/http'
import { reloadEnv, setCaptcha, setClock } from '../support/test-hooks'

/**
 * Hole 4 of the production-safety issue (ADR 156): with no trusted proxy, per-client limits count by
 * the socket address our server hands the app, not by one 'unknown' client for everybody.
 */
const HEADER = `x-socket-${'ab'.repeat(16)}`

describe('the server hands the app the socket address', () => {
  let server: Server
  let seen: IncomingHttpHeaders[] = []
  beforeAll(async () => {
    server = createServer(
      withSocketAddress(HEADER, (req, res) => {
        seen.push(req.headers)
        res.end('ok')
      }),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const from = (localAddress: string, headers: Record<string, string>) =>
    new Promise<IncomingHttpHeaders>((resolve, reject) => {
      seen = []
      const { port } = server.address() as AddressInfo
      httpRequest({ host: '127.0.0.1', port, localAddress, headers }, (res) => {
        res.resume()
        res.on('end', () => resolve(seen[0] ?? {}))
      })
        .on('error', reject)
        .end()
    })

  it('under its per-process header, whatever the client sends', async () => {
    const forged = { [HEADER]: '203.0.113.9', 'x-forwarded-for': '198.51.100.1' }
    const a = await from('127.0.0.2', forged)
    const b = await from('127.0.0.3', {})
    expect([a[HEADER], b[HEADER]]).toEqual(['127.0.0.2', '127.0.0.3'])
    const asRequest = (h: IncomingHttpHeaders) => new Request('http://localhost:3000/', { headers: { [HEADER]: String(h[HEADER]), 'x-forwarded-for': String(h['x-forwarded-for'] ?? '') } })
    expect(clientIp(asRequest(a), 0, HEADER)).toBe('127.0.0.2')
    expect(clientIp(asRequest(b), 0, HEADER)).toBe('127.0.0.3')
    // Behind a trusted proxy the proxy's header counts instead.
    expect(clientIp(asRequest(a), 1, HEADER)).toBe('198.51.100.1')
  })

  it('an IPv4 client of a dual-stack socket is the same client as its plain address', () => {
    expect(clientIp(new Request('http://localhost/', { headers: { [HEADER]: '::ffff:203.0.113.7' } }), 0, HEADER)).toBe('203.0.113.7')
    expect(clientIp(new Request('http://localhost/', { headers: { [HEADER]: 'nonsense' } }), 0, HEADER)).toBe('unknown')
  })
})

describe('no trusted proxy: fifty buyers from fifty addresses in one hour', () => {
  // Near the real time: the captcha's challenges carry real expiry times.
  const at = Date.now()
  let minute = 0
  beforeAll(() => easyCaptcha({ limits: true }))
  afterAll(() => setCaptcha(null))
  afterEach(() => {
    setClock(null)
    vi.unstubAllEnvs()
    reloadEnv()
  })

  function asServerWould(request: Request, address: string | null): Request {
    request.headers.delete('x-forwarded-for')
    if (address) request.headers.set(HEADER, address)
    return request
  }

  async function buyerRegistersAndAsks(n: number, address: string | null): Promise<[number, number]> {
    const t = new Date(at + minute++ * 60_000)
    setClock(() => t)
    const visitor = newVisitor()
    const fields = { EMAIL: uniqueEmail(`hole4-${n}`), PASS: GOOD_PASSWORD, NAME: 'Анна', IS_SUBSCRIBE: 'N' }
    const req = asServerWould(formPost('/ajax/register/', fields, visitor), address)
    const registered = await registerPost(req)
    const ask = { NAME: 'Анна', EMAIL: 'anna@mail.ru', PHONE: '+7 (912) 345-67-89', MESSAGE: 'Можно ли детям?', ADS_AGREEMENT: 'Y', RecapToken: await captchaToken() }
    const asked = await question(asServerWould(formPost('/ajax/question/', ask, newVisitor()), address))
    return [registered.status, asked.status]
  }

  it('all register and ask; one address over the limit is still refused', async () => {
    vi.stubEnv('TRUST_PROXY', '0')
    vi.stubEnv('SOCKET_ADDRESS_HEADER', HEADER)
    reloadEnv()
    const third = Math.floor(Date.now() / 1000) % 200
    const statuses: [number, number][] = []
    for (let n = 0; n < 50; n++) statuses.push(await buyerRegistersAndAsks(n, `192.0.${third}.${n + 1}`))
    expect(statuses.every(([r, q]) => r === 200 && q === 200), JSON.stringify(statuses)).toBe(true)

    const one = `198.18.${third}.1`
    const fromOne: number[] = []
    for (let n = 0; n < 11; n++) fromOne.push((await buyerRegistersAndAsks(100 + n, one))[0])
    expect(fromOne.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(fromOne[10]).toBe(429)
    // 61 registrations hash 61 passwords: on a busy 2-core machine that outgrows the default 30 s.
  }, 180_000)

  it('negative control: without the socket address (plain next start) the eleventh buyer anywhere is refused', async () => {
    vi.stubEnv('TRUST_PROXY', '0')
    vi.stubEnv('SOCKET_ADDRESS_HEADER', '')
    reloadEnv()
    minute += 120 // a fresh hour for the shared 'unknown' client
    const registrations: number[] = []
    for (let n = 0; n < 11; n++) registrations.push((await buyerRegistersAndAsks(200 + n, `192.0.2.${n + 1}`))[0])
    expect(registrations).toContain(429)
  })
})
