import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { POST as addReview } from '@/app/ajax/add-review-to-aplaut/route'
import { clearCache } from '@/lib/cache'
import { easyCaptcha } from '../support/captcha'
import { formPost, newVisitor, type Visitor } from '../support/http'
import { D3, EMPTY, call, countReviews, productByCode, widgetFields } from '../support/reviews-fixtures'
import { setCaptcha, setClock } from '../support/test-hooks'

// S11 for reviews: a buyer who reviews what they bought never meets the limit, a script writing
// reviews is stopped per session (5 an hour) and per address (30 an hour), and a refusal stores nothing.

beforeEach(() => {
  clearCache()
  easyCaptcha()
})
afterEach(() => setClock(null))
afterAll(() => setCaptcha(null))

async function review(productId: number, visitor: Visitor, address?: string): Promise<number> {
  const req = formPost('/ajax/add-review-to-aplaut/', await widgetFields(productId), visitor)
  if (address) req.headers.set('x-forwarded-for', address)
  return (await addReview(req)).status
}

async function reviewsInARow(times: number, productId: number, visitor: Visitor): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 0; i < times; i++) statuses.push(await review(productId, visitor))
  return statuses
}

describe('S11: review limits', () => {
  it('a buyer reviewing three purchases is never limited', async () => {
    const buyer = newVisitor()
    const products = await Promise.all([D3, EMPTY].map(productByCode))
    const statuses = [await review(products[0]!.id, buyer), await review(products[1]!.id, buyer), await review(products[0]!.id, buyer)]
    expect(statuses).toEqual([200, 200, 200])
  })

  it('a script in one session is stopped at the sixth review, and the refused ones are not stored', async () => {
    const product = await productByCode(EMPTY)
    const before = await countReviews(product.id)
    const statuses = await reviewsInARow(7, product.id, newVisitor())
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect(await countReviews(product.id)).toBe(before + 5)
  })

  it('a script changing sessions is stopped by its address at the 31st review', async () => {
    const product = await productByCode(EMPTY)
    const before = await countReviews(product.id)
    const statuses: number[] = []
    for (let i = 0; i < 32; i++) statuses.push(await review(product.id, newVisitor(), '203.0.113.41'))
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(30)).toEqual([429, 429])
    expect(await countReviews(product.id)).toBe(before + 30)
    // Another address is not affected by the first one's limit.
    expect(await review(product.id, newVisitor(), '203.0.113.42')).toBe(200)
  })

  it('behind an undeclared proxy (no buyer address) 32 reviewers each way get through; each session keeps its own limit', async () => {
    const product = await productByCode(EMPTY)
    const statuses: number[] = []
    for (let i = 0; i < 32; i++) statuses.push(await review(product.id, newVisitor(), '10.0.0.5'), await review(product.id, newVisitor()))
    expect(statuses.filter((s) => s !== 200)).toEqual([])
    const script = newVisitor()
    for (let i = 0; i < 5; i++) await review(product.id, script, '10.0.0.5')
    expect(await review(product.id, script, '10.0.0.5')).toBe(429)
  })

  it('an hour later the same session may write again', async () => {
    const product = await productByCode(EMPTY)
    const visitor = newVisitor()
    expect((await reviewsInARow(6, product.id, visitor)).at(-1)).toBe(429)
    const later = new Date(Date.now() + 3601_000)
    setClock(() => later)
    expect(await review(product.id, visitor)).toBe(200)
  })

  it('the refusal is the Russian message of the limit, not a stack or an empty body', async () => {
    const product = await productByCode(EMPTY)
    const visitor = newVisitor()
    await reviewsInARow(5, product.id, visitor)
    const refused = await call(addReview, '/ajax/add-review-to-aplaut/', await widgetFields(product.id), visitor)
    expect(refused.status).toBe(429)
    expect(JSON.stringify(refused.body)).toMatch(/[А-Яа-я]/)
  })

  it('negative control: with the limits off the same script writes all seven', async () => {
    easyCaptcha({ limits: false })
    const product = await productByCode(EMPTY)
    expect(await reviewsInARow(7, product.id, newVisitor())).toEqual([200, 200, 200, 200, 200, 200, 200])
  })
})
