import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { POST } from '@/app/local/components/bitrix/sale.order.ajax/ajax.php/route'
import { db } from '@/db/client'
import { settings } from '@/db/schema'
import { CHECKOUT_URL, offerWithStock, visitorWithBasket } from '../../../tests/support/checkout'
import { formPost, type Visitor } from '../../../tests/support/http'
import { reloadEnv, setCheckoutLimits, setClock } from '../../../tests/support/test-hooks'
import { CHECKOUT_LIMITS_KEY, LIMIT_MESSAGES } from './checkout-limits'
import type { RefreshAnswer } from './checkout-wire'

/** S11: coupon tries per session and per address; a buyer who mistypes a code never notices the limit. */

const START = new Date('2026-03-02T09:00:00Z')

afterEach(async () => {
  setClock(null)
  setCheckoutLimits(true)
  vi.unstubAllEnvs()
  reloadEnv()
  await db().delete(settings).where(eq(settings.key, CHECKOUT_LIMITS_KEY))
})

async function call(action: 'enterCoupon' | 'removeCoupon', coupon: string, visitor: Visitor, ip?: string) {
  const request = formPost(CHECKOUT_URL, { action, coupon, SITE_ID: 's2', via_ajax: 'Y' }, visitor)
  if (ip) request.headers.set('x-forwarded-for', ip)
  const res = await POST(request)
  return { status: res.status, body: (await res.json()) as RefreshAnswer }
}

const shopper = async (skip: number) => visitorWithBasket([{ offerId: (await offerWithStock(100, skip)).id, quantity: 3 }])
const codes = (answer: { body: RefreshAnswer }) => answer.body.order?.COUPON_LIST.map((c) => `${c.COUPON}:${c.JS_STATUS}`)

/** `n` wrong codes in one session; answers the last reply. */
async function guesses(visitor: Visitor, n: number, ip?: string) {
  let last: Awaited<ReturnType<typeof call>> | undefined
  for (let i = 0; i < n; i++) last = await call('enterCoupon', `GUESS${i}`, visitor, ip)
  return last!
}

describe('enterCoupon: tries per session', () => {
  it('a buyer who mistypes the code four times, removing each, gets the discount with the fifth try', async () => {
    const visitor = await shopper(50)
    for (const typo of ['VITA1O', 'VIT10', 'VITA 10', 'WITA10']) {
      await call('enterCoupon', typo, visitor)
      await call('removeCoupon', typo, visitor)
    }
    const right = await call('enterCoupon', 'vita10', visitor)
    expect(right.body.error).toBe(false)
    expect(codes(right)).toEqual(['VITA10:APPLIED'])
  })

  it('takes 15 tries in an hour, refuses the 16th with the message and without storing it, and takes tries again an hour later', async () => {
    let clock = START
    setClock(() => clock)
    const visitor = await shopper(51)
    const fifteenth = await guesses(visitor, 15)
    expect(fifteenth.body.error).toBe(false)
    const refused = await call('enterCoupon', 'VITA10', visitor)
    expect(refused.status).toBe(200)
    expect(refused.body.error).toBe(LIMIT_MESSAGES.coupons)
    expect(codes(refused)).not.toContain('VITA10:APPLIED')
    clock = new Date(START.getTime() + 61 * 60_000)
    const again = await call('enterCoupon', 'VITA10', visitor)
    expect(again.body.error).toBe(false)
    expect(codes(again)).toContain('VITA10:APPLIED')
  }, 60_000)

  it('negative control: without the limit the 16th try is taken', async () => {
    setCheckoutLimits(false)
    const visitor = await shopper(52)
    await guesses(visitor, 15)
    const sixteenth = await call('enterCoupon', 'VITA10', visitor)
    expect(sixteenth.body.error).toBe(false)
    expect(codes(sixteenth)).toContain('VITA10:APPLIED')
  }, 60_000)

  it('follows the checkoutLimits setting', async () => {
    await db().insert(settings).values({ key: CHECKOUT_LIMITS_KEY, value: { couponTriesPerSession: 3 } })
    const visitor = await shopper(53)
    expect((await guesses(visitor, 3)).body.error).toBe(false)
    expect((await call('enterCoupon', 'VITA10', visitor)).body.error).toBe(LIMIT_MESSAGES.coupons)
  }, 60_000)
})

describe('enterCoupon: tries per address', () => {
  async function sixtyFromOneAddress(ip: string) {
    vi.stubEnv('TRUST_PROXY', '1')
    reloadEnv()
    for (let s = 0; s < 6; s++) await guesses(await shopper(54), 10, ip)
    return call('enterCoupon', 'VITA10', await shopper(54), ip)
  }

  it('takes 60 tries from one address in six sessions, refuses the 61st from a fresh session; another address still enters codes', async () => {
    const refused = await sixtyFromOneAddress('198.51.100.4')
    expect(refused.body.error).toBe(LIMIT_MESSAGES.coupons)
    const neighbour = await call('enterCoupon', 'VITA10', await shopper(54), '198.51.100.5')
    expect(codes(neighbour)).toContain('VITA10:APPLIED')
  }, 120_000)

  it('negative control: without the limit the 61st try is taken', async () => {
    setCheckoutLimits(false)
    const taken = await sixtyFromOneAddress('198.51.100.6')
    expect(codes(taken)).toContain('VITA10:APPLIED')
  }, 120_000)
})
