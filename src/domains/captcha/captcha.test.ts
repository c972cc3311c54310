import { describe, expect, it } from 'vitest'
import { DEFAULT_DIFFICULTY, LIMITS } from './captcha'
import { parseCaptchaPayload } from './captcha.schema'

const payload = {
  challenge: {
    parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'ab12', salt: 'cd34', cost: 500, keyLength: 32, keyPrefix: '00ff', expiresAt: 1 },
    signature: 'ee',
  },
  solution: { counter: 7, derivedKey: '00ff11', time: 3 },
}

describe('captcha payload', () => {
  it('reads the widget base64 JSON and plain JSON', () => {
    const b64 = Buffer.from(JSON.stringify(payload)).toString('base64')
    expect(parseCaptchaPayload(b64)?.solution.counter).toBe(7)
    expect(parseCaptchaPayload(JSON.stringify(payload))?.challenge.signature).toBe('ee')
  })
  it('refuses anything else', () => {
    for (const raw of ['', 'forged', '{"challenge":null,"solution":null,"test":true}', Buffer.from('{"a":1}').toString('base64'), 'x'.repeat(9000)]) {
      expect(parseCaptchaPayload(raw)).toBeNull()
    }
    const extra = { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, evil: 1 } } }
    expect(parseCaptchaPayload(JSON.stringify(extra))).toBeNull()
  })
  it('keeps the work affordable for a buyer and the limits above a buyer', () => {
    expect(DEFAULT_DIFFICULTY.cost * DEFAULT_DIFFICULTY.maxCounter).toBeLessThan(2_000_000)
    for (const l of Object.values(LIMITS)) expect(l.session.max).toBeGreaterThanOrEqual(5)
  })
})
