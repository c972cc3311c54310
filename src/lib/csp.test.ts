import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, newNonce } from './csp'

describe('content security policy', () => {
  it('lets scripts run only from our origin or with the nonce, never inline without it', () => {
    const policy = contentSecurityPolicy({ dev: false, nonce: 'abc', frameAncestors: "'self'" })
    const scripts = policy.split('; ').find((d) => d.startsWith('script-src'))
    expect(scripts).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'")
    expect(policy).not.toContain("'unsafe-eval'")
    expect(policy).toContain("object-src 'none'")
  })

  it('frames only our pages and the video hosts’ embed players (ADR 209)', () => {
    const policy = contentSecurityPolicy({ dev: false, nonce: 'abc', frameAncestors: "'self'" })
    expect(policy.split('; ').find((d) => d.startsWith('frame-src'))).toBe(
      "frame-src 'self' https://www.youtube-nocookie.com https://rutube.ru https://vkvideo.ru https://vk.com",
    )
  })

  it('makes a fresh, unguessable nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce))
    expect(nonces.size).toBe(100)
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  })
})
