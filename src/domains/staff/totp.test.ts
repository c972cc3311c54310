import { describe, expect, it } from 'vitest'
import { acceptedTotpStep, totpCode, totpStep } from './totp'

// RFC 6238 appendix B: the ASCII secret "12345678901234567890", SHA-1, eight digits; the last six
// digits are what a six-digit code shows.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'

describe('TOTP', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('gives the RFC 6238 code at %i s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)))).toBe(code)
  })

  it('accepts one step of drift and refuses a replay or a stranger', () => {
    const at = new Date(1234567890 * 1000)
    const step = totpStep(at)
    expect(acceptedTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step - 1), at, null)).toBe(step - 1)
    expect(acceptedTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step - 2), at, null)).toBeNull()
    expect(acceptedTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step), at, step)).toBeNull()
    expect(acceptedTotpStep(RFC_SECRET, 'abcdef', at, null)).toBeNull()
  })
})
