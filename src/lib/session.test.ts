import { describe, expect, it } from 'vitest'
import { isValidSessid, isWellFormedSessionId, newSessionId, readCookie, sessidFor, sessionTokenHash } from './session'

describe('session ids and sessid', () => {
  it('makes 256-bit random ids', () => {
    const a = newSessionId()
    expect(isWellFormedSessionId(a)).toBe(true)
    expect(Buffer.from(a, 'base64url')).toHaveLength(32)
    expect(newSessionId()).not.toBe(a)
  })
  it('binds sessid to one session', () => {
    const a = newSessionId()
    const b = newSessionId()
    expect(isValidSessid(a, sessidFor(a))).toBe(true)
    expect(isValidSessid(b, sessidFor(a))).toBe(false)
    expect(isValidSessid(a, undefined)).toBe(false)
    expect(isValidSessid('short', sessidFor(a))).toBe(false)
  })
  it('stores only a hash of the id', () => {
    const a = newSessionId()
    expect(sessionTokenHash(a)).toMatch(/^[0-9a-f]{64}$/)
    expect(sessionTokenHash(a)).not.toContain(a)
  })
  it('reads one cookie from a header', () => {
    expect(readCookie('a=1; vm_sid=xyz; b=2', 'vm_sid')).toBe('xyz')
    expect(readCookie('a=1', 'vm_sid')).toBeUndefined()
    expect(readCookie('vm_sid=%E0%A4%A', 'vm_sid')).toBeUndefined()
  })
})
