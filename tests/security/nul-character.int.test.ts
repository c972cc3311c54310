import { describe, expect, it } from 'vitest'
import { POST as basket } from '@/app/ajax/basket/route'
import { GET as promo } from '@/app/ajax/subscribe/route'
import { eq } from 'drizzle-orm'
import { exportAudit } from '@/admin/api/audit'
import { createCouponEndpoint } from '@/admin/api/coupons'
import { db } from '@/db/client'
import { coupons } from '@/db/schema'
import { newVisitor } from '../support/http'
import { callEndpoint, signedInStaff } from '../support/staff'

/**
 * Found by the S6 fuzz: GET /ajax/subscribe/?region=a%00b answered 500, because PostgreSQL cannot
 * hold or compare U+0000 in text and the region reached a query. The form parser now refuses a NUL
 * in any field name or value, for every /ajax route, as a 400 before any use-case runs.
 */
const get = (query: string) => promo(new Request(new URL(`/ajax/subscribe/?${query}`, 'http://localhost:3000')))

describe('a NUL character in a field', () => {
  it('GET /ajax/subscribe/ with a NUL in region is a 400, not a 500', async () => {
    const res = await get('region=a%00b')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Недопустимый символ в запросе' })
  })

  it('the same call without the NUL still answers (negative control)', async () => {
    const res = await get('region=ab')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ promo: false })
  })

  it('a JSON body with a NUL is refused the same way', async () => {
    const visitor = newVisitor()
    const res = await basket(
      new Request(new URL('/ajax/basket/', 'http://localhost:3000'), {
        method: 'POST',
        headers: { cookie: visitor.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ ACTION: 'Add', ID: '1\u0000', sessid: visitor.sessid }),
      }),
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Недопустимый символ в запросе' })
  })
})

/**
 * Found by the S6 fuzz once it reached the back office's handlers with an owner's token:
 * GET /api/admin/audit/export/?objectId=a%00b answered 500. `endpoint()` now refuses a NUL in the
 * query or anywhere in a JSON body.
 */
describe('a NUL character in a back-office call', () => {
  it('in the query: 400, and without it the same call answers', async () => {
    const owner = await signedInStaff('owner')
    const refused = await callEndpoint(exportAudit, owner, { query: 'objectId=a%00b' })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: 'Недопустимый символ в запросе.' })
    expect((await callEndpoint(exportAudit, owner, { query: 'objectId=ab' })).status).toBe(200)
  })

  it('in a JSON body, even as a key deep inside: 400 and no coupon made', async () => {
    const owner = await signedInStaff('owner')
    const code = `NUL${Date.now()}`
    const body = { code, kind: 'percent', value: 10, note: { 'a\u0000': 'x' } }
    const refused = await callEndpoint(createCouponEndpoint, owner, { body })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: 'Недопустимый символ в запросе.' })
    expect(await db().select().from(coupons).where(eq(coupons.code, code))).toEqual([])
  })

  it('a body nested deeper than the call stack is read without overflowing it: 400, not 500', async () => {
    const owner = await signedInStaff('owner')
    const deep = '['.repeat(30_000) + '"a\\u0000"' + ']'.repeat(30_000)
    const headers = { cookie: owner.cookie, 'content-type': 'application/json', origin: 'http://localhost:3000', host: 'localhost:3000' }
    const res = await createCouponEndpoint.serve(new Request('http://localhost:3000/api/admin/coupons/', { method: 'POST', headers, body: deep }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Недопустимый символ в запросе.' })
  })
})
