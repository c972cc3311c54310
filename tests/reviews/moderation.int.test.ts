import { and, count, eq, gt, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { POST as addReview } from '@/app/ajax/add-review-to-aplaut/route'
import { POST as getCeo } from '@/app/ajax/get-aplaut-ceo/route'
import { GET as oldPage } from '@/app/(shop)/manager/reviews/route'
import { POST as moderation } from '@/app/api/admin/reviews/[id]/moderation/route'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { offers, products, reviews } from '@/db/schema'
import { reviewsJsonLd } from '@/domains/reviews/reviews.server'
import { clearCache } from '@/lib/cache'
import { easyCaptcha } from '../support/captcha'
import { newVisitor } from '../support/http'
import { D3, EMPTY, call, getReviewList, productByCode, signedInVisitor, widgetFields } from '../support/reviews-fixtures'
import { adminRequest, signedInStaff } from '../support/staff'
import { setCaptcha } from '../support/test-hooks'

/** Moderation lives in the back office (issue 18): POST /api/admin/reviews/{id}/moderation as the inbox page sends it. */
async function moderate(id: number | string, action: 'approve' | 'reject', auth: { cookie?: string }) {
  const response = await moderation(adminRequest('POST', `/api/admin/reviews/${id}/moderation/`, auth, { action }), { params: Promise.resolve({ id: String(id) }) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

beforeAll(() => easyCaptcha({ limits: false }))
afterAll(() => setCaptcha(null))
beforeEach(() => clearCache())

describe('moderation', () => {
  async function pendingReview(productId: number, rating: number, text: string) {
    const r = await call(addReview, '/ajax/add-review-to-aplaut/', await widgetFields(productId, { RATING: String(rating), IMPRESSIONS: text }), newVisitor())
    expect(r.status).toBe(200)
    const [row] = await db().select().from(reviews).where(eq(reviews.text, text))
    return row!.id
  }
  const ratingOf = async (id: number) => (await db().select({ rating: products.rating, n: products.ratesCount }).from(products).where(eq(products.id, id)))[0]!

  it('is refused without a staff session (a buyer account with the old manager role included) and to roles without inbox.write', async () => {
    const p = await productByCode(EMPTY)
    const id = await pendingReview(p.id, 5, 'Для проверки прав')
    for (const visitor of [newVisitor(), await signedInVisitor(), await signedInVisitor({ role: 'manager' })]) {
      expect((await moderate(id, 'approve', { cookie: visitor.cookie })).status).toBe(401)
    }
    for (const role of ['content', 'warehouse'] as const) {
      expect((await moderate(id, 'approve', await signedInStaff(role))).status).toBe(403)
    }
    const [row] = await db().select().from(reviews).where(eq(reviews.id, id))
    expect(row?.status).toBe('pending')
  })

  it('the old moderation page sends its bookmarks to the inbox for good (308)', () => {
    const answer = oldPage()
    expect(answer.status).toBe(308)
    expect(answer.headers.get('location')).toBe('/admin/inbox/')
  })

  it('approval publishes the review and recomputes the product rating and count once', async () => {
    const p = await productByCode(EMPTY)
    const manager = await signedInStaff('manager')
    expect(await ratingOf(p.id)).toEqual({ rating: 0, n: 0 })
    const a = await pendingReview(p.id, 5, 'Пятёрка')
    const b = await pendingReview(p.id, 2, 'Двойка')
    const results = await Promise.all([1, 2, 3].map(() => moderate(a, 'approve', manager)))
    expect(results.filter((r) => r.status === 200)).not.toHaveLength(0)
    expect(await ratingOf(p.id)).toEqual({ rating: 5, n: 1 })
    await moderate(b, 'approve', manager)
    expect(await ratingOf(p.id)).toEqual({ rating: 3.5, n: 2 })
    const list = (await (await getReviewList(`/ajax/reviews/?PRODUCT_ID=${p.id}`)).json()) as { total: number; average: number; items: { text: string }[] }
    expect(list.total).toBe(2)
    expect(list.average).toBe(3.5)
    expect(list.items.map((i) => i.text).sort()).toEqual(['Двойка', 'Пятёрка'])
    const rejected = await moderate(b, 'reject', manager)
    expect(rejected).toMatchObject({ status: 200, body: { status: 'rejected' } })
    expect(await ratingOf(p.id)).toEqual({ rating: 5, n: 1 })
  })

  it('seeds ratings that are the averages and counts of the published reviews, for every product', async () => {
    const mismatched = await queryRows<{ code: string }>(db(), sql`
      select p.code from products p
      left join (select product_id, avg(rating) as average, count(*) as n from reviews where status = 'approved' group by product_id) r
        on r.product_id = p.id
      where abs(p.rating - coalesce(r.average, 0)) > 0.0001 or p.rates_count <> coalesce(r.n, 0)`)
    expect(mismatched).toEqual([])
    const [rated] = await db().select({ n: count() }).from(products).where(gt(products.ratesCount, 0))
    expect(rated!.n).toBeGreaterThan(100)
  })

  it('publishing a review changes the rating to the new average, unpublishing it changes it back', async () => {
    const p = await productByCode('p1-ekhinatseya-evalar')
    const manager = await signedInStaff('manager')
    const published = await db().select({ rating: reviews.rating }).from(reviews).where(and(eq(reviews.productId, p.id), eq(reviews.status, 'approved')))
    const sum = published.reduce((s, r) => s + r.rating, 0)
    const before = await ratingOf(p.id)
    expect(before.n).toBe(published.length)
    expect(before.rating).toBeCloseTo(sum / published.length, 4)
    const id = await pendingReview(p.id, 1, 'Не помогло')
    await moderate(id, 'approve', manager)
    const after = await ratingOf(p.id)
    expect(after.n).toBe(published.length + 1)
    expect(after.rating).toBeCloseTo((sum + 1) / (published.length + 1), 4)
    const unpublished = await moderate(id, 'reject', manager)
    expect(unpublished).toMatchObject({ status: 200, body: { status: 'rejected' } })
    const back = await ratingOf(p.id)
    expect(back.n).toBe(before.n)
    expect(back.rating).toBeCloseTo(before.rating, 4)
  })

  it('rejection keeps the review hidden and the rating unchanged', async () => {
    const p = await productByCode(EMPTY)
    const manager = await signedInStaff('manager')
    const before = await ratingOf(p.id)
    const id = await pendingReview(p.id, 1, 'Спам-отзыв')
    const r = await moderate(id, 'reject', manager)
    expect(r.status).toBe(200)
    expect(await ratingOf(p.id)).toEqual(before)
    const unknown = await moderate(999999, 'approve', manager)
    expect(unknown.status).toBe(404)
  })
})

describe('search engines', () => {
  it('POST /ajax/get-aplaut-ceo/ answers escaped markup of approved reviews for an offer', async () => {
    const p = await productByCode(D3)
    const [offer] = await db().select().from(offers).where(eq(offers.productId, p.id))
    const r = await call(getCeo, '/ajax/get-aplaut-ceo/', { OFFER_ID: String(offer!.id) }, newVisitor())
    expect(r.status).toBe(200)
    const html = String(r.body.res)
    expect(html).toContain('itemtype="https://schema.org/Review"')
    expect(html.match(/itemprop="reviewBody"/g)).toHaveLength(10)
    const unknown = await call(getCeo, '/ajax/get-aplaut-ceo/', { OFFER_ID: '99999999' }, newVisitor())
    expect(unknown.body).toEqual({ res: '' })
  })

  it('review text with markup is escaped in the HTML', async () => {
    const p = await productByCode('p1-propolisa-ekstrakt-zhidkiy-altai-nature')
    const manager = await signedInStaff('manager')
    await call(addReview, '/ajax/add-review-to-aplaut/', await widgetFields(p.id, { IMPRESSIONS: '<img src=x onerror=alert(1)>' }), newVisitor())
    const [row] = await db().select().from(reviews).where(eq(reviews.text, '<img src=x onerror=alert(1)>'))
    await moderate(row!.id, 'approve', manager)
    const [offer] = await db().select().from(offers).where(eq(offers.productId, p.id))
    const r = await call(getCeo, '/ajax/get-aplaut-ceo/', { OFFER_ID: String(offer!.id) }, newVisitor())
    expect(String(r.body.res)).toContain('&#60;img src=x onerror=alert(1)&#62;')
    expect(String(r.body.res)).not.toContain('<img')
  })

  it('gives JSON-LD AggregateRating and Review for the product, nothing for a product without marks', async () => {
    const p = await productByCode(D3)
    const ld = await reviewsJsonLd(p.id)
    expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.6, ratingCount: 14, reviewCount: 14 })
    expect(ld.review).toHaveLength(10)
    expect(ld.review?.[0]).toMatchObject({ '@type': 'Review', reviewRating: { '@type': 'Rating' } })
    const empty = await productByCode(EMPTY)
    const [none] = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.ratesCount, 0), ne(products.id, empty.id)))
      .limit(1)
    expect(none).toBeDefined()
    expect(await reviewsJsonLd(none!.id)).toEqual({})
  })
})
