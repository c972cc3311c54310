import { describe, expect, it } from 'vitest'
import { demoAccountsAllowed, isPublicHttpsUrl, paymentSandboxOn, productionProblems, shopModeOf } from './shop-mode'

const SECRET = 's'.repeat(32)
const GOOD = { SHOP_MODE: 'production', PUBLIC_URL: 'https://vitamarket.ru', SESSION_SECRET: SECRET }

describe('shop mode', () => {
  it('is a demo with no settings, on a laptop address, or over plain http', () => {
    expect(shopModeOf({})).toBe('demo')
    expect(shopModeOf({ PUBLIC_URL: 'http://localhost:3000' })).toBe('demo')
    expect(shopModeOf({ PUBLIC_URL: 'https://localhost:3000' })).toBe('demo')
    expect(shopModeOf({ PUBLIC_URL: 'https://127.0.0.1:3443' })).toBe('demo')
    expect(shopModeOf({ PUBLIC_URL: 'https://[::1]/' })).toBe('demo')
    expect(shopModeOf({ PUBLIC_URL: 'https://shop.localhost/' })).toBe('demo')
    expect(shopModeOf({ PUBLIC_URL: 'http://vitamarket.ru' })).toBe('demo')
    expect(shopModeOf({ SHOP_MODE: '' })).toBe('demo')
  })

  it('is production when SHOP_MODE says so or the shop has a public https address', () => {
    expect(shopModeOf({ SHOP_MODE: 'production' })).toBe('production')
    expect(shopModeOf({ PUBLIC_URL: 'https://vitamarket.ru' })).toBe('production')
    // A public https address cannot be talked back into a demo.
    expect(shopModeOf({ SHOP_MODE: 'demo', PUBLIC_URL: 'https://vitamarket.ru/' })).toBe('production')
    expect(isPublicHttpsUrl('not a url')).toBe(false)
  })

  it('runs the payment sandbox in a demo, and in production only with PAYMENT_SANDBOX=1', () => {
    expect(paymentSandboxOn({})).toBe(true)
    expect(paymentSandboxOn(GOOD)).toBe(false)
    expect(paymentSandboxOn({ ...GOOD, PAYMENT_SANDBOX: 'true' })).toBe(false)
    expect(paymentSandboxOn({ ...GOOD, PAYMENT_SANDBOX: '1' })).toBe(true)
  })

  it('keeps demo accounts to demo mode', () => {
    expect(demoAccountsAllowed({})).toBe(true)
    expect(demoAccountsAllowed(GOOD)).toBe(false)
  })
})

describe('production start check', () => {
  it('finds nothing wrong in a demo, whatever its settings', () => {
    expect(productionProblems({ SOCIAL_LOGIN: 'fake', SESSION_SECRET: 'short' })).toEqual([])
  })

  it('accepts a complete production setting', () => {
    expect(productionProblems(GOOD)).toEqual([])
    expect(productionProblems({ ...GOOD, ADMIN_API_TOKEN: 't'.repeat(32), PAYMENT_SANDBOX: '1', SOCIAL_LOGIN: 'ulogin' })).toEqual([])
  })

  it('names each unsafe setting on a line of its own', () => {
    const problems = productionProblems({
      SHOP_MODE: 'production',
      PUBLIC_URL: 'http://vitamarket.ru',
      SOCIAL_LOGIN: 'fake',
      ADMIN_API_TOKEN: 'short-token',
      PAYMENT_SANDBOX: 'yes',
    })
    expect(problems).toHaveLength(5)
    expect(problems[0]).toMatch(/^SESSION_SECRET is not set/)
    expect(problems[1]).toMatch(/^PUBLIC_URL must be the shop's https address \(now: http:\/\/vitamarket\.ru\)/)
    expect(problems[2]).toMatch(/^SOCIAL_LOGIN=fake/)
    expect(problems[3]).toMatch(/^ADMIN_API_TOKEN is 11 bytes long/)
    expect(problems[4]).toMatch(/^PAYMENT_SANDBOX=yes is not understood/)
    for (const line of problems) expect(line).not.toContain('\n')
  })

  it('measures secrets in bytes, not letters', () => {
    // 31 ASCII bytes is too short; 16 Cyrillic letters are 32 bytes.
    expect(productionProblems({ ...GOOD, SESSION_SECRET: 's'.repeat(31) })).toEqual([
      'SESSION_SECRET is 31 bytes long: it must be at least 32 bytes.',
    ])
    expect(productionProblems({ ...GOOD, SESSION_SECRET: 'ж'.repeat(16) })).toEqual([])
    expect(productionProblems({ ...GOOD, SESSION_SECRET: '' })[0]).toMatch(/^SESSION_SECRET is not set/)
  })

  it('refuses a public https shop that forgot its secret, though SHOP_MODE is unset', () => {
    expect(productionProblems({ PUBLIC_URL: 'https://vitamarket.ru' })).toHaveLength(1)
  })
})
