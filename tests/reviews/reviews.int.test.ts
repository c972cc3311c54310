import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { POST as addReview } from '@/app/ajax/add-review-to-aplaut/route'
import { POST as nativeReview } from '@/app/ajax/reviews/route'
import { db } from '@/db/client'
import { offers, reviewPhotos, reviews } from '@/db/schema'
import { clearCache } from '@/lib/cache'
import { captchaToken, easyCaptcha } from '../support/captcha'
import { newVisitor } from '../support/http'
import {
  D3,
  EMPTY,
  call,
  countReviews,
  file,
  filesIn,
  getReviewList,
  gif,
  jpegWithExif,
  png,
  productByCode,
  signedInVisitor,
  webp,
  widgetFields,
} from '../support/reviews-fixtures'
import { REVIEW_MESSAGES as M } from '@/domains/reviews/reviews'
import { reviewPhotosDir } from '@/domains/reviews/review-photos.server'
import { setCaptcha } from '../support/test-hooks'

beforeAll(() => easyCaptcha({ limits: false }))
afterAll(() => setCaptcha(null))
beforeEach(() => clearCache())

describe('GET /ajax/reviews/ (list)', () => {
  it('pages 10 newest approved reviews, then the rest; oldest first on request', async () => {
    const p = await productByCode(D3)
    const first = (await (await getReviewList(`/ajax/reviews/?PRODUCT_ID=${p.id}`)).json()) as {
      items: { date: string; text: string; author: string }[]
      total: number
      hasMore: boolean
      average: number
      ratesCount: number
      viewer: { signedIn: boolean }
    }
    expect(first.items).toHaveLength(10)
    expect(first.total).toBe(14)
    expect(first.hasMore).toBe(true)
    expect(first.viewer.signedIn).toBe(false)
    // The seeded product's 14 published reviews: 64 points, 4.57 shown as 4.6 (ADR 114).
    expect(first.average).toBe(4.6)
    expect(first.ratesCount).toBe(14)
    expect(first.items[0]!.date).toMatch(/^\d\d\.\d\d\.\d{4}$/)
    expect(first.items.map((i) => i.author)).not.toContain('Анна Соколова')
    const second = (await (await getReviewList(`/ajax/reviews/?PRODUCT_ID=${p.id}&offset=10`)).json()) as typeof first
    expect(second.items).toHaveLength(4)
    expect(second.hasMore).toBe(false)
    const oldest = (await (await getReviewList(`/ajax/reviews/?PRODUCT_ID=${p.id}&sort=old`)).json()) as typeof first
    const newest = [...first.items, ...second.items].map((i) => i.text)
    expect(oldest.items.map((i) => i.text)).toEqual(newest.reverse().slice(0, 10))
  })

  it('never lists pending reviews and tells a signed-in viewer apart', async () => {
    const p = await productByCode('p1-vitamin-c-500-s-shipovnikom-vitamir')
    const user = await signedInVisitor({ name: 'Пётр Иванов' })
    const body = (await (await getReviewList(`/ajax/reviews/?PRODUCT_ID=${p.id}`, user)).json()) as {
      items: { text: string }[]
      viewer: { signedIn: boolean; name: string }
    }
    expect(body.items.map((i) => i.text).join()).not.toContain('Заказал второй раз')
    expect(body.viewer).toMatchObject({ signedIn: true, name: 'Пётр Иванов' })
  })
})

describe('POST /ajax/reviews/ (native form)', () => {
  it('refuses a guest and stores nothing', async () => {
    const p = await productByCode(EMPTY)
    const r = await call(nativeReview, '/ajax/reviews/', { MESSAGE: 'Текст', RATING: '5', PRODUCT_ID: p.id, USER_ID: '1', RecapToken: await captchaToken() }, newVisitor())
    expect(r.status).toBe(403)
    expect(await countReviews(p.id)).toBe(0)
  })

  it('asks for the rating first, then the text', async () => {
    const p = await productByCode(EMPTY)
    const user = await signedInVisitor()
    const noRating = await call(nativeReview, '/ajax/reviews/', { MESSAGE: '', RATING: '', PRODUCT_ID: p.id, USER_ID: '' }, user)
    expect(noRating).toMatchObject({ status: 400, body: { error: M.nativeRating } })
    const badRating = await call(nativeReview, '/ajax/reviews/', { MESSAGE: 'Хорошо', RATING: '6', PRODUCT_ID: p.id }, user)
    expect(badRating.body.error).toBe(M.nativeRating)
    const noText = await call(nativeReview, '/ajax/reviews/', { MESSAGE: '   ', RATING: '4', PRODUCT_ID: p.id }, user)
    expect(noText.body.error).toBe(M.nativeText)
    expect(await countReviews(p.id)).toBe(0)
  })

  it('stores a pending review of the session user, whatever USER_ID says', async () => {
    const p = await productByCode(EMPTY)
    const user = await signedInVisitor({ name: 'Анна Петрова' })
    const other = await signedInVisitor({ name: 'Чужой' })
    const r = await call(
      nativeReview,
      '/ajax/reviews/',
      { MESSAGE: 'Помогает, пью курсом.', RATING: '4', PRODUCT_ID: p.id, USER_ID: String(other.userId), RecapToken: await captchaToken() },
      user,
    )
    expect(r).toEqual({ status: 200, body: { success: true, message: M.nativeSuccess } })
    const [row] = await db().select().from(reviews).where(eq(reviews.productId, p.id))
    expect(row).toMatchObject({ userId: user.userId, authorName: 'Анна Петрова', status: 'pending', rating: 4, source: 'native' })
    const list = (await (await getReviewList(`/ajax/reviews/?PRODUCT_ID=${p.id}`)).json()) as { total: number }
    expect(list.total).toBe(0)
  })

  it('needs a captcha token', async () => {
    const p = await productByCode(EMPTY)
    const user = await signedInVisitor()
    const before = await countReviews(p.id)
    const r = await call(nativeReview, '/ajax/reviews/', { MESSAGE: 'Хорошо', RATING: '5', PRODUCT_ID: p.id }, user)
    expect(r.status).toBe(400)
    expect(r.body.captcha).toBe(true)
    expect(await countReviews(p.id)).toBe(before)
  })
})

describe('POST /ajax/add-review-to-aplaut/ (photo form)', () => {
  it('checks rating, text, name, e-mail and its format, in that order', async () => {
    const p = await productByCode(EMPTY)
    const v = newVisitor()
    const before = await countReviews(p.id)
    const cases: [Record<string, string>, string][] = [
      [{ RATING: '', IMPRESSIONS: '', NAME: '', EMAIL: '' }, M.widgetRating],
      [{ RATING: '0', IMPRESSIONS: 'Текст', NAME: 'Ольга', EMAIL: 'olga@example.ru' }, M.widgetRating],
      [{ RATING: '5', IMPRESSIONS: '  ', NAME: '', EMAIL: '' }, M.widgetText],
      [{ RATING: '5', IMPRESSIONS: 'Текст', NAME: ' ', EMAIL: '' }, M.widgetName],
      [{ RATING: '5', IMPRESSIONS: 'Текст', NAME: 'Ольга', EMAIL: '' }, M.widgetEmail],
      [{ RATING: '5', IMPRESSIONS: 'Текст', NAME: 'Ольга', EMAIL: 'olga@mail' }, M.widgetEmailFormat],
    ]
    for (const [fields, message] of cases) {
      const r = await call(addReview, '/ajax/add-review-to-aplaut/', { ...(await widgetFields(p.id)), ...fields }, v)
      expect([r.status, r.body.error]).toEqual([400, message])
    }
    expect(await countReviews(p.id)).toBe(before)
  })

  it('stores a guest review with photos re-encoded to WebP and without metadata', async () => {
    const p = await productByCode(EMPTY)
    const [offer] = await db().select().from(offers).where(eq(offers.productId, p.id))
    const jpeg = await jpegWithExif(2400, 1200)
    expect(jpeg.includes('SECRET-EXIF-MARK')).toBe(true)
    const fields = await widgetFields(p.id, {
      OFFER_ID: String(offer!.id),
      'FILES[0]': file(jpeg, 'IMG_0001.jpg'),
      'FILES[1]': file(await png(), 'a.png', 'image/png'),
      'FILES[2]': file(await webp(), 'b.webp', 'image/webp'),
      'FILES[3]': file(await gif(), 'c.gif', 'image/gif'),
    })
    const r = await call(addReview, '/ajax/add-review-to-aplaut/', fields, newVisitor())
    expect(r).toEqual({ status: 200, body: { success: true, message: M.widgetSuccess } })
    const [row] = await db().select().from(reviews).where(and(eq(reviews.productId, p.id), eq(reviews.source, 'widget')))
    expect(row).toMatchObject({ status: 'pending', authorName: 'Ольга', email: 'olga@example.ru', offerId: offer!.id, userId: null })
    const photos = await db().select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, row!.id))
    expect(photos).toHaveLength(4)
    expect(photos[0]).toMatchObject({ width: 1600, height: 800 })
    for (const photo of photos) {
      expect(photo.file).toMatch(/^reviews\/[0-9a-f]{32}\.webp$/)
      const bytes = await readFile(path.join(reviewPhotosDir(), path.basename(photo.file)))
      expect(bytes.subarray(8, 12).toString()).toBe('WEBP')
      expect(bytes.includes('SECRET-EXIF-MARK')).toBe(false)
      expect(bytes.includes('Exif')).toBe(false)
    }
  })

  it('reads a browser multipart body whose boundary has capital letters', async () => {
    const p = await productByCode(EMPTY)
    const visitor = newVisitor()
    const fields = await widgetFields(p.id, { IMPRESSIONS: 'Граница с заглавными' })
    const boundary = '----WebKitFormBoundaryAbCdEfGh12345'
    const parts = Object.entries({ ...fields, sessid: visitor.sessid }).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`,
    )
    const png = await (await import('../support/reviews-fixtures')).png()
    const body = Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="FILES[0]"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const req = new Request('http://localhost:3000/ajax/add-review-to-aplaut/', {
      method: 'POST',
      headers: { cookie: visitor.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    })
    const res = await addReview(req)
    expect(res.status).toBe(200)
    const [row] = await db().select().from(reviews).where(eq(reviews.text, 'Граница с заглавными'))
    expect(await db().select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, row!.id))).toHaveLength(1)
  })

  it('keeps the review but not the offer when OFFER_ID belongs to another product', async () => {
    const p = await productByCode(EMPTY)
    const [foreign] = await db().select().from(offers).where(eq(offers.productId, (await productByCode(D3)).id))
    const r = await call(addReview, '/ajax/add-review-to-aplaut/', await widgetFields(p.id, { OFFER_ID: String(foreign!.id), IMPRESSIONS: 'Чужой OFFER_ID' }), newVisitor())
    expect(r.status).toBe(200)
    const [row] = await db().select().from(reviews).where(eq(reviews.text, 'Чужой OFFER_ID'))
    expect(row?.offerId).toBeNull()
  })

  describe('S7: a corpus of bad files is refused and leaves no file and no row', () => {
    const bad: [string, () => Promise<Record<string, File>>, number, string][] = [
      ['text bytes named .jpg', async () => ({ 'FILES[0]': file('just some text, not a picture', 'photo.jpg') }), 400, M.photoType],
      ['an SVG with script', async () => ({ 'FILES[0]': file('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>', 'x.svg', 'image/svg+xml') }), 400, M.photoType],
      ['an SVG named .png', async () => ({ 'FILES[0]': file('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', 'x.png', 'image/png') }), 400, M.photoType],
      ['HTML named .gif', async () => ({ 'FILES[0]': file('<html><script>alert(1)</script></html>', 'x.gif', 'image/gif') }), 400, M.photoType],
      ['a PDF named .jpg', async () => ({ 'FILES[0]': file('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF', 'x.jpg') }), 400, M.photoType],
      ['a GIF/JavaScript polyglot', async () => ({ 'FILES[0]': file('GIF89a/*\x00\x00*/=alert(document.cookie);//', 'x.gif', 'image/gif') }), 400, M.photoBroken],
      ['a truncated JPEG', async () => ({ 'FILES[0]': file((await jpegWithExif()).subarray(0, 120), 'x.jpg') }), 400, M.photoBroken],
      ['a photo over 5 MB', async () => ({ 'FILES[0]': file(Buffer.concat([await jpegWithExif(), Buffer.alloc(5 * 1024 * 1024)]), 'big.jpg') }), 413, M.photoSize],
      [
        'six photos',
        async () => Object.fromEntries(await Promise.all([0, 1, 2, 3, 4, 5].map(async (i) => [`FILES[${i}]`, file(await png(), `${i}.png`, 'image/png')]))),
        400,
        M.photoCount,
      ],
      [
        'a good photo followed by a bad one',
        async () => ({ 'FILES[0]': file(await png(), 'ok.png', 'image/png'), 'FILES[1]': file('not an image', 'bad.jpg') }),
        400,
        M.photoType,
      ],
    ]
    it.each(bad)('%s', async (_name, make, status, message) => {
      const p = await productByCode(EMPTY)
      const before = await filesIn(reviewPhotosDir())
      const reviewsBefore = await countReviews(p.id)
      const r = await call(addReview, '/ajax/add-review-to-aplaut/', await widgetFields(p.id, await make()), newVisitor())
      expect([r.status, r.body.error]).toEqual([status, message])
      expect(await filesIn(reviewPhotosDir())).toEqual(before)
      expect(await countReviews(p.id)).toBe(reviewsBefore)
    })

    it('a JPEG with HTML appended is stored without the appended bytes', async () => {
      const p = await productByCode(EMPTY)
      const polyglot = Buffer.concat([await jpegWithExif(), Buffer.from('<html><script>alert(1)</script></html>')])
      const r = await call(addReview, '/ajax/add-review-to-aplaut/', await widgetFields(p.id, { 'FILES[0]': file(polyglot, 'p.jpg'), IMPRESSIONS: 'Полиглот' }), newVisitor())
      expect(r.status).toBe(200)
      const [row] = await db().select().from(reviews).where(eq(reviews.text, 'Полиглот'))
      const [photo] = await db().select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, row!.id))
      const bytes = await readFile(path.join(reviewPhotosDir(), path.basename(photo!.file)))
      expect(bytes.includes('<script>')).toBe(false)
    })

    it('a request whose captcha fails after the photos were checked leaves no file', async () => {
      const p = await productByCode(EMPTY)
      const before = await filesIn(reviewPhotosDir())
      const fields = await widgetFields(p.id, { 'FILES[0]': file(await png(), 'ok.png', 'image/png'), RecapToken: 'forged' })
      const r = await call(addReview, '/ajax/add-review-to-aplaut/', fields, newVisitor())
      expect(r.status).toBe(400)
      expect(await filesIn(reviewPhotosDir())).toEqual(before)
      // A token already used passes the signature check, so its photos are decoded and stored first.
      const token = await captchaToken()
      const first = await call(addReview, '/ajax/add-review-to-aplaut/', await widgetFields(p.id, { RecapToken: token, IMPRESSIONS: 'Первый' }), newVisitor())
      expect(first.status).toBe(200)
      const afterFirst = await filesIn(reviewPhotosDir())
      const replay = await widgetFields(p.id, { 'FILES[0]': file(await png(), 'ok.png', 'image/png'), RecapToken: token })
      expect((await call(addReview, '/ajax/add-review-to-aplaut/', replay, newVisitor())).status).toBe(400)
      expect(await filesIn(reviewPhotosDir())).toEqual(afterFirst)
    })

    it('checks the captcha before decoding any photo (a forged token with a broken picture gets the captcha answer)', async () => {
      const p = await productByCode(EMPTY)
      const broken = file((await jpegWithExif()).subarray(0, 120), 'x.jpg')
      const r = await call(addReview, '/ajax/add-review-to-aplaut/', await widgetFields(p.id, { 'FILES[0]': broken, RecapToken: 'forged' }), newVisitor())
      expect(r.status).toBe(400)
      expect(r.body.captcha).toBe(true)
      expect(r.body.error).not.toBe(M.photoBroken)
    })
  })
})
