import { afterEach, describe, expect, it, vi } from 'vitest'
import { UNKNOWN_CLIENT, clientIp, countsAsBuyerAddress } from './client-ip'
import { env } from './env'
import { reloadEnv } from '../../tests/support/test-hooks'

const from = (forwardedFor?: string) => new Request('http://localhost:3000/ajax/auth/', forwardedFor === undefined ? {} : { headers: { 'x-forwarded-for': forwardedFor } })

afterEach(() => {
  vi.unstubAllEnvs()
  reloadEnv()
})

describe('clientIp', () => {
  it('with no trusted proxy ignores the header: every request is the same unknown client', () => {
    expect(clientIp(from('203.0.113.7'), 0)).toBe(UNKNOWN_CLIENT)
    expect(clientIp(from('198.51.100.1, 203.0.113.7'), 0)).toBe(UNKNOWN_CLIENT)
    expect(clientIp(from(), 0)).toBe(UNKNOWN_CLIENT)
  })

  it('behind one proxy takes the right-most entry, the one the proxy appended', () => {
    expect(clientIp(from('203.0.113.7'), 1)).toBe('203.0.113.7')
    // A client that sends its own header to an appending proxy cannot pick its address.
    expect(clientIp(from('1.2.3.4, 203.0.113.7'), 1)).toBe('203.0.113.7')
    expect(clientIp(from('2001:db8::1'), 1)).toBe('2001:db8::1')
  })

  it('behind two proxies takes the second entry from the right', () => {
    expect(clientIp(from('1.2.3.4, 203.0.113.7, 10.0.0.2'), 2)).toBe('203.0.113.7')
    // Fewer hops than proxies: the left-most entry.
    expect(clientIp(from('203.0.113.7'), 2)).toBe('203.0.113.7')
  })

  it('falls back to the unknown client for a missing or malformed entry', () => {
    expect(clientIp(from(), 1)).toBe(UNKNOWN_CLIENT)
    expect(clientIp(from(' , '), 1)).toBe(UNKNOWN_CLIENT)
    expect(clientIp(from('1.2.3.4, not-an-address'), 1)).toBe(UNKNOWN_CLIENT)
    expect(clientIp(from('203.0.113.7:5555'), 1)).toBe(UNKNOWN_CLIENT)
  })

  it('reads TRUST_PROXY from the environment: off by default, on = one proxy, a number of hops, nothing else', () => {
    vi.stubEnv('TRUST_PROXY', '')
    reloadEnv()
    expect(env().TRUST_PROXY).toBe(0)
    expect(clientIp(from('1.2.3.4, 203.0.113.7'))).toBe(UNKNOWN_CLIENT)
    for (const [value, hops] of [['off', 0], ['false', 0], ['on', 1], ['true', 1], ['2', 2]] as const) {
      vi.stubEnv('TRUST_PROXY', value)
      reloadEnv()
      expect(env().TRUST_PROXY, value).toBe(hops)
    }
    expect(clientIp(from('1.2.3.4, 203.0.113.7, 10.0.0.2'))).toBe('203.0.113.7')
    vi.stubEnv('TRUST_PROXY', 'yes')
    reloadEnv()
    expect(() => env()).toThrow(/TRUST_PROXY/)
  })
})

describe('countsAsBuyerAddress', () => {
  it('public addresses stand for a buyer; unknown, loopback, private and link-local ones do not (ADR 154)', () => {
    for (const ip of ['203.0.113.7', '8.8.8.8', '2001:db8::1', '172.32.0.1']) expect(countsAsBuyerAddress(ip)).toBe(true)
    for (const ip of ['unknown', '', '127.0.0.1', '10.1.2.3', '172.17.0.2', '192.168.1.10', '169.254.1.1', '::1', 'fd00::5', 'fe80::1']) {
      expect(countsAsBuyerAddress(ip)).toBe(false)
    }
  })
})
