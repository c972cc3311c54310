import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { POST as question, GET as prefill } from '@/app/ajax/question/route'
import { POST as setRating } from '@/app/ajax/set_rating/route'
import { POST as confirmLink } from '@/app/ajax/subscribe/confirm/route'
import { POST as subscribeEco } from '@/app/ajax/subscribe-eco/route'
import { GET as promoGet, POST as subscribe } from '@/app/ajax/subscribe/route'
import { db } from '@/db/client'
import { articleRatings, outbox, questions, settings, subscriptions } from '@/db/schema'
import { GET as challengeGet } from '@/app/ajax/captcha/challenge/route'
import { issueChallenge } from '@/domains/captcha/captcha.server'
import { captchaToken, easyCaptcha, solve } from '../support/captcha'
import { formPost, newVisitor, setCookies, type Visitor } from '../support/http'
import { productByCode, signedInVisitor } from '../support/reviews-fixtures'
import { FORM_MESSAGES as M } from '@/domains/forms/forms'
import { setCaptcha, setClock } from '../support/test-hooks'

type Fields = Record<string, string | number>
async function call(handler: (r: Request) => Promise<Response>, url: string, fields: Fields, visitor: Visitor = newVisitor()) {
  const res = await handler(formPost(url, fields, visitor))
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, res }
}
const getJson = async (handler: (r: Request) => Promise<Response>, url: string, visitor?: Visitor) => {
  const headers = new Headers()
  if (visitor) headers.set('cookie', visitor.cookie)
  return (await (await handler(new Request(new URL(url, 'http://localhost:3000'), { headers }))).json()) as Record<string, unknown>
}
const mailsTo = async (to: string) =>
  (await db().select({ payload: outbox.payload }).from(outbox).where(sql`${outbox.payload}->>'to' = ${to}`)).map(
    (r) => r.payload as { to: string; subject: string; text: string },
  )
const questionCount = async () => (await db().select({ id: questions.id }).from(questions)).length

const good = { NAME: 'Анна', EMAIL: 'anna@mail.ru', PHONE: '+7 (912) 345-67-89', MESSAGE: 'Можно ли принимать детям?', ADS_AGREEMENT: 'Y' }

beforeAll(() => easyCaptcha({ limits: false }))
afterAll(() => setCaptcha(null))

describe('POST /ajax/question/', () => {
  it('product form: the rules in the spec order, nothing stored on refusal', async () => {
    const p = await productByCode('p1-vitamin-d3-2000-me-evalar')
    const base = { PRODUCT_ID: p.id, PRODUCT_NAME: p.name }
    const before = await questionCount()
    const cases: [Fields, string][] = [
      [{ ...base }, M.name],
      [{ ...base, ...good, NAME: '  ', EMAIL: 'x' }, M.name],
      [{ ...base, ...good, EMAIL: 'anna@mail', PHONE: '1' }, M.email],
      [{ ...base, ...good, PHONE: '+7 (912) 345-67', MESSAGE: '' }, M.phone],
      [{ ...base, ...good, MESSAGE: ' ' }, M.message],
    ]
    for (const [fields, message] of cases) {
      const r = await call(question, '/ajax/question/', { ...fields, RecapToken: await captchaToken() })
      expect([r.status, r.body.error]).toEqual([400, message])
    }
    expect(await questionCount()).toBe(before)
  })

  it('contact form checks the theme first', async () => {
    for (const THEME of ['', 'unknown']) {
      const r = await call(question, '/ajax/question/', { THEME, RecapToken: await captchaToken() })
      expect(r.body.error).toBe(M.theme)
    }
    const r = await call(question, '/ajax/question/', { THEME: 'delivery', RecapToken: await captchaToken() })
    expect(r.body.error).toBe(M.name)
  })

  it('stores the product question with its agreement and mails it to the shop', async () => {
    const p = await productByCode('p1-ekhinatseya-evalar')
    const r = await call(question, '/ajax/question/', { ...good, PRODUCT_ID: p.id, PRODUCT_NAME: p.name, RecapToken: await captchaToken() })
    expect(r).toMatchObject({ status: 200, body: { success: true, message: M.questionSent } })
    const [row] = await db().select().from(questions).where(eq(questions.productId, p.id))
    expect(row).toMatchObject({ kind: 'product', name: 'Анна', email: 'anna@mail.ru', phone: '79123456789', adsAgreement: true, productName: p.name, userId: null })
    const mails = await mailsTo('orders@vitamarket.local')
    const mail = mails.find((m) => m.subject.includes(`№${row!.id}`))
    expect(mail?.text).toContain('Можно ли принимать детям?')
    expect(mail?.text).toContain('Согласие на рекламную рассылку: да')
    expect(mail?.subject).toContain(p.name)
  })

  it('contact form: stored with its theme; no agreement means false', async () => {
    const r = await call(question, '/ajax/question/', { ...good, ADS_AGREEMENT: 'N', THEME: 'wholesale', MESSAGE: 'Опт для аптек', RecapToken: await captchaToken() })
    expect(r.body.message).toBe(M.questionSent)
    const [row] = await db().select().from(questions).where(eq(questions.message, 'Опт для аптек'))
    expect(row).toMatchObject({ kind: 'contact', theme: 'wholesale', adsAgreement: false })
    const mail = (await mailsTo('orders@vitamarket.local')).find((m) => m.text.includes('Опт для аптек'))
    expect(mail?.text).toContain('Тема: Оптовые закупки и юридические лица')
  })

  it('nutritionist form: phone sent empty, its own success text', async () => {
    const r = await call(question, '/ajax/question/', { ...good, PHONE: '', FORM: 'nutritionist', EMAIL: 'a@b.online', MESSAGE: 'Меню на неделю', RecapToken: await captchaToken() })
    expect(r).toMatchObject({ status: 200, body: { message: M.nutritionistSent } })
    const [row] = await db().select().from(questions).where(eq(questions.message, 'Меню на неделю'))
    expect(row).toMatchObject({ kind: 'nutritionist', phone: '' })
  })

  it('records the signed-in buyer and pre-fills the forms for them only', async () => {
    const user = await signedInVisitor({ name: 'Олег Смирнов', phone: '79001112233' })
    expect(await getJson(prefill, '/ajax/question/', user)).toEqual({ NAME: 'Олег Смирнов', EMAIL: user.email, PHONE: '79001112233' })
    expect(await getJson(prefill, '/ajax/question/', newVisitor())).toEqual({ NAME: '', EMAIL: '', PHONE: '' })
    await call(question, '/ajax/question/', { ...good, MESSAGE: 'От покупателя', RecapToken: await captchaToken() }, user)
    const [row] = await db().select().from(questions).where(eq(questions.message, 'От покупателя'))
    expect(row?.userId).toBe(user.userId)
  })
})

describe('S8: captcha tokens', () => {
  it('GET /ajax/captcha/challenge/ gives a signed, expiring challenge that is never cached', async () => {
    const res = await challengeGet(new Request('http://localhost:3000/ajax/captcha/challenge/'))
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as { parameters: { algorithm: string; expiresAt: number; keyPrefix: string }; signature: string }
    expect(body.parameters.algorithm).toBe('PBKDF2/SHA-256')
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(body.parameters.expiresAt * 1000).toBeGreaterThan(Date.now())
  })

  it('refuses a solved challenge once it has expired', async () => {
    setClock(() => new Date(Date.now() - 11 * 60_000))
    const old = await issueChallenge().finally(() => setClock(null))
    const r = await call(question, '/ajax/question/', { ...good, RecapToken: await solve(old) })
    expect(r).toMatchObject({ status: 400, body: { captcha: true } })
  })

  it('refuses a missing, forged or tampered token', async () => {
    const before = await questionCount()
    const token = await captchaToken()
    const payload = JSON.parse(Buffer.from(token, 'base64').toString()) as { solution: { derivedKey: string } }
    const key = payload.solution.derivedKey
    payload.solution.derivedKey = (key[0] === '0' ? '1' : '0') + key.slice(1)
    const tampered = Buffer.from(JSON.stringify(payload)).toString('base64')
    for (const RecapToken of [undefined, '', 'forged', tampered]) {
      const fields: Fields = { ...good, ...(RecapToken === undefined ? {} : { RecapToken }) }
      const r = await call(question, '/ajax/question/', fields)
      expect(r.status).toBe(400)
      expect(r.body.captcha).toBe(true)
    }
    expect(await questionCount()).toBe(before)
  })

  it('accepts a token once; a replay is refused, also when sent in parallel', async () => {
    const token = await captchaToken()
    const first = await call(question, '/ajax/question/', { ...good, MESSAGE: 'Первый', RecapToken: token })
    expect(first.status).toBe(200)
    const replay = await call(question, '/ajax/question/', { ...good, MESSAGE: 'Повтор', RecapToken: token })
    expect(replay).toMatchObject({ status: 400, body: { captcha: true } })
    const other = await captchaToken()
    const racing = await Promise.all([1, 2, 3, 4, 5].map((i) => call(question, '/ajax/question/', { ...good, MESSAGE: `Гонка ${i}`, RecapToken: other })))
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1)
    const stored = await db().select().from(questions).where(sql`${questions.message} like 'Гонка%' or ${questions.message} = 'Повтор'`)
    expect(stored).toHaveLength(1)
  })

  it('negative control: with the replay guard off, the same replay gets through', async () => {
    easyCaptcha({ limits: false, replay: false })
    try {
      const token = await captchaToken()
      const a = await call(question, '/ajax/question/', { ...good, RecapToken: token })
      const b = await call(question, '/ajax/question/', { ...good, RecapToken: token })
      expect([a.status, b.status]).toEqual([200, 200])
    } finally {
      easyCaptcha({ limits: false })
    }
  })

  it('a token refused by validation stays usable', async () => {
    const token = await captchaToken()
    const bad = await call(question, '/ajax/question/', { ...good, EMAIL: 'bad', RecapToken: token })
    expect(bad.body.error).toBe(M.email)
    const ok = await call(question, '/ajax/question/', { ...good, RecapToken: token })
    expect(ok.status).toBe(200)
  })
})

describe('S11: anti-automation limits', () => {
  afterEach(() => easyCaptcha({ limits: false }))

  it('a buyer asking a few questions is never limited; a script is stopped per session and per IP', async () => {
    easyCaptcha()
    const buyer = newVisitor()
    for (let i = 0; i < 3; i++) expect((await call(question, '/ajax/question/', { ...good, RecapToken: await captchaToken() }, buyer)).status).toBe(200)
    const bot = newVisitor()
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) statuses.push((await call(question, '/ajax/question/', { ...good, RecapToken: await captchaToken() }, bot)).status)
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(statuses.slice(5)).toEqual([429, 429])
    // Many sessions from one address: the IP limit.
    const ipStatuses: number[] = []
    for (let i = 0; i < 35; i++) {
      const req = formPost('/ajax/question/', { ...good, RecapToken: await captchaToken() }, newVisitor())
      req.headers.set('x-forwarded-for', '203.0.113.7')
      ipStatuses.push((await question(req)).status)
    }
    expect(ipStatuses.filter((s) => s === 429)).toHaveLength(5)
    expect(ipStatuses.slice(0, 35 - ipStatuses.filter((s) => s === 429).length).every((s) => s === 200)).toBe(true)
  })

  it('negative control: with the limits off the same script is not stopped', async () => {
    easyCaptcha({ limits: false })
    const bot = newVisitor()
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) statuses.push((await call(question, '/ajax/question/', { ...good, RecapToken: await captchaToken() }, bot)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200])
  })

  it('the window passes and the buyer may write again', async () => {
    easyCaptcha()
    const bot = newVisitor()
    try {
      for (let i = 0; i < 5; i++) await call(subscribe, '/ajax/subscribe/', { email: `w${i}@example.ru`, token: await captchaToken() }, bot)
      for (let i = 5; i < 10; i++) await call(subscribe, '/ajax/subscribe/', { email: `w${i}@example.ru`, token: await captchaToken() }, bot)
      expect((await call(subscribe, '/ajax/subscribe/', { email: 'w10@example.ru', token: await captchaToken() }, bot)).status).toBe(429)
      setClock(() => new Date(Date.now() + 3601_000))
      expect((await call(subscribe, '/ajax/subscribe/', { email: 'w11@example.ru', token: await captchaToken() }, bot)).status).toBe(200)
    } finally {
      setClock(null)
    }
  })
})

describe('newsletters', () => {
  const subsOf = (email: string) => db().select().from(subscriptions).where(eq(subscriptions.email, email))

  it('refuses a bad e-mail and stores nothing', async () => {
    const r = await call(subscribe, '/ajax/subscribe/', { email: 'not-an-email', page: '/', token: await captchaToken() })
    expect([r.status, r.body.error]).toEqual([400, M.subscribeEmail])
    expect(await subsOf('not-an-email')).toHaveLength(0)
  })

  it('stores once per e-mail and page, mails one confirmation, and answers the same each time', async () => {
    const email = 'Reader@Example.ru'
    const answers = []
    for (let i = 0; i < 2; i++) answers.push(await call(subscribe, '/ajax/subscribe/', { email, page: '/health/', userid: '999', token: await captchaToken() }))
    expect(answers.map((a) => a.body)).toEqual([
      { success: true, message: M.subscribed, promo: '' },
      { success: true, message: M.subscribed, promo: '' },
    ])
    await call(subscribeEco, '/ajax/subscribe-eco/', { email, page: '/eco/', token: await captchaToken() })
    const rows = await subsOf('reader@example.ru')
    expect(rows.map((r) => [r.page, r.status, r.userId]).sort()).toEqual([
      ['/eco/', 'pending', null],
      ['/health/', 'pending', null],
    ])
    expect(await mailsTo('reader@example.ru')).toHaveLength(2)
  })

  it('double opt-in: the link in the mail confirms; the unsubscribe link ends it; links work once', async () => {
    const email = 'optin@example.ru'
    await call(subscribe, '/ajax/subscribe/', { email, page: '/', token: await captchaToken() })
    const [mail] = await mailsTo(email)
    const confirm = /confirm\/\?token=([\w-]+)/.exec(mail!.text)![1]!
    const unsubscribe = /unsubscribe\/\?token=([\w-]+)/.exec(mail!.text)![1]!
    expect((await call(confirmLink, '/ajax/subscribe/confirm/', { token: confirm, action: 'confirm' })).body.message).toBe(M.confirmed)
    expect((await subsOf(email))[0]).toMatchObject({ status: 'confirmed' })
    expect((await call(confirmLink, '/ajax/subscribe/confirm/', { token: confirm, action: 'confirm' })).status).toBe(404)
    expect((await call(confirmLink, '/ajax/subscribe/confirm/', { token: 'x'.repeat(32), action: 'unsubscribe' })).status).toBe(404)
    expect((await call(confirmLink, '/ajax/subscribe/confirm/', { token: unsubscribe, action: 'unsubscribe' })).body.message).toBe(M.unsubscribed)
    expect((await subsOf(email))[0]).toMatchObject({ status: 'unsubscribed' })
    // Subscribing again starts a new opt-in.
    await call(subscribe, '/ajax/subscribe/', { email, page: '/', token: await captchaToken() })
    expect((await subsOf(email))[0]).toMatchObject({ status: 'pending' })
    expect(await mailsTo(email)).toHaveLength(2)
  })

  it('advertises the 10% promo only to the configured region', async () => {
    await db().update(settings).set({ value: 'Татарстан' }).where(eq(settings.key, 'newsletter.promoRegion'))
    expect(await getJson(promoGet, '/ajax/subscribe/?region=Татарстан')).toEqual({ promo: true, text: M.promo })
    expect(await getJson(promoGet, '/ajax/subscribe/?region=Москва')).toEqual({ promo: false, text: '' })
    const r = await call(subscribe, '/ajax/subscribe/', { email: 'kazan@example.ru', region: 'Татарстан', token: await captchaToken() })
    expect(r.body.promo).toBe(M.promo)
    expect((await subsOf('kazan@example.ru'))[0]?.promo).toBe(true)
    expect((await mailsTo('kazan@example.ru'))[0]?.text).toContain('10%')
    await db().update(settings).set({ value: 'Республика Татарстан' }).where(eq(settings.key, 'newsletter.promoRegion'))
  })

  it('resolves the location code of the region cookie to its region: the seeded promo region gets it, another does not', async () => {
    const [seeded] = await db().select({ value: settings.value }).from(settings).where(eq(settings.key, 'newsletter.promoRegion'))
    expect(seeded?.value).toBe('Республика Татарстан')
    expect(await getJson(promoGet, '/ajax/subscribe/?region=kazan')).toEqual({ promo: true, text: M.promo })
    expect(await getJson(promoGet, '/ajax/subscribe/?region=naberezhnye-chelny')).toEqual({ promo: true, text: M.promo })
    expect(await getJson(promoGet, '/ajax/subscribe/?region=moskva')).toEqual({ promo: false, text: '' })
    expect(await getJson(promoGet, '/ajax/subscribe/?region=unknown-town')).toEqual({ promo: false, text: '' })
  })

  it('uses the session user, never userid', async () => {
    const user = await signedInVisitor()
    await call(subscribe, '/ajax/subscribe/', { email: 'mine@example.ru', userid: '1', token: await captchaToken() }, user)
    expect((await subsOf('mine@example.ru'))[0]?.userId).toBe(user.userId)
  })
})

describe('POST /ajax/set_rating/', () => {
  it('counts one mark per visitor and article and sets the per-article cookie', async () => {
    const v = newVisitor()
    const first = await call(setRating, '/ajax/set_rating/', { articleId: 'omega-3-guide', rating: 4 }, v)
    expect(first.body).toMatchObject({ success: true, rating: 4, counted: true, count: 1, average: 4 })
    expect(setCookies(first.res).get('article_rating_omega-3-guide')).toBe('4')
    const again = await call(setRating, '/ajax/set_rating/', { articleId: 'omega-3-guide', rating: 1 }, v)
    expect(again.body).toMatchObject({ rating: 4, counted: false, count: 1 })
    await call(setRating, '/ajax/set_rating/', { articleId: 'omega-3-guide', rating: 5 }, newVisitor())
    const rows = await db().select().from(articleRatings).where(eq(articleRatings.articleId, 'omega-3-guide'))
    expect(rows.map((r) => r.rating).sort()).toEqual([4, 5])
  })

  it('a signed-in reader votes once across sessions', async () => {
    const user = await signedInVisitor()
    await call(setRating, '/ajax/set_rating/', { articleId: 'sleep', rating: 5 }, user)
    const rows = await db()
      .select()
      .from(articleRatings)
      .where(and(eq(articleRatings.articleId, 'sleep'), eq(articleRatings.visitor, `u:${user.userId}`)))
    expect(rows).toHaveLength(1)
  })

  it('refuses marks outside 0–5 and odd article ids', async () => {
    for (const fields of [{ articleId: 'a', rating: 6 }, { articleId: 'a', rating: -1 }, { articleId: 'a', rating: 'x' }, { articleId: '../etc', rating: 3 }, { articleId: '', rating: 3 }]) {
      expect((await call(setRating, '/ajax/set_rating/', fields)).status).toBe(400)
    }
  })
})
