import { describe, expect, it } from 'vitest'
import { POST as basket } from '@/app/ajax/basket/route'
import { GET as promo } from '@/app/ajax/subscribe/route'
import { newVisitor } from '../support/http'

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
