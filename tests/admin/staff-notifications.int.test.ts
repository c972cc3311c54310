import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POST as addReview } from '@/app/ajax/add-review-to-aplaut/route'
import { POST as fastOrder } from '@/app/ajax/fast-order/route'
import { POST as question } from '@/app/ajax/question/route'
import { POST as nativeReview } from '@/app/ajax/reviews/route'
import { db } from '@/db/client'
import { outbox } from '@/db/schema'
import { notifyStaff, setSubscriptions } from '@/domains/staff/staff-notifications.server'
import { captchaToken, easyCaptcha } from '../support/captcha'
import { offerWithStock, visitorWithBasket } from '../support/checkout'
import { formPost, newVisitor } from '../support/http'
import { call, D3, productByCode, signedInVisitor, widgetFields } from '../support/reviews-fixtures'
import { signedInStaff } from '../support/staff'
import { setCaptcha } from '../support/test-hooks'

const staffMail = async (event: string) =>
  (await db().select({ payload: outbox.payload, key: outbox.dedupeKey }).from(outbox).where(like(outbox.dedupeKey, `staff:${event}:%`))).map(
    (r) => ({ ...(r.payload as { to: string; subject: string; text: string }), key: r.key }),
  )

const mailsTo = async (event: string, to: string) => (await staffMail(event)).filter((m) => m.to === to)

beforeAll(() => easyCaptcha({ limits: false }))
afterAll(() => setCaptcha(null))

describe('staff notifications', () => {
  it('a one-click order mails the subscribed manager once, with a link to the order in the back office', async () => {
    const manager = await signedInStaff('manager')
    const idle = await signedInStaff('manager')
    await setSubscriptions(db(), manager.id, ['order.new'])
    const offer = await offerWithStock(10)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])
    const answer = await fastOrder(formPost('/ajax/fast-order/', { UF_NAME: 'Анна Иванова', UF_CITY: 'Москва', UF_PHONE: '+7 (912) 345-67-89', UF_EMAIL: 'anna@example.ru' }, visitor))
    expect(answer.status).toBe(200)
    const mails = await staffMail('order.new')
    expect(mails.map((m) => m.to)).toEqual([manager.email])
    expect(mails.map((m) => m.to)).not.toContain(idle.email)
    expect(mails[0]?.subject).toMatch(/новый заказ в 1 клик №\d+/)
  })

  it('only reaches members whose role may act on the event, and only once per key', async () => {
    const warehouse = await signedInStaff('warehouse')
    const manager = await signedInStaff('manager')
    await setSubscriptions(db(), warehouse.id, ['review.pending', 'order.new'])
    await setSubscriptions(db(), manager.id, ['review.pending'])
    const notice = { subject: 'новый отзыв', text: 'Отзыв ждёт модерации.', path: '/admin/inbox/' }
    await notifyStaff(db(), 'review.pending', 'r-1', notice)
    await notifyStaff(db(), 'review.pending', 'r-1', notice)
    expect((await staffMail('review.pending')).map((m) => m.to)).toEqual([manager.email])
  })

  it('a review waiting for moderation mails the subscribed manager once per review, from either form; a replayed form mails nothing more', async () => {
    const manager = await signedInStaff('manager')
    const idle = await signedInStaff('manager')
    const content = await signedInStaff('content')
    await setSubscriptions(db(), manager.id, ['review.pending'])
    await setSubscriptions(db(), content.id, ['review.pending'])
    const p = await productByCode(D3)

    const fields = await widgetFields(p.id, { IMPRESSIONS: 'Пью второй месяц, сплю лучше.' })
    expect((await call(addReview, '/ajax/add-review-to-aplaut/', fields, newVisitor())).status).toBe(200)
    let mails = await mailsTo('review.pending', manager.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain(`о товаре «${p.name}» ждёт модерации`)
    expect(mails[0]?.text).toContain('Пью второй месяц, сплю лучше.')
    expect(mails[0]?.text).toContain('/admin/inbox/')

    // The same form sent again (its captcha already spent) is refused inside the transaction.
    const replay = await call(addReview, '/ajax/add-review-to-aplaut/', fields, newVisitor())
    expect(replay.status).toBe(400)
    expect(await mailsTo('review.pending', manager.email)).toHaveLength(1)

    const buyer = await signedInVisitor()
    const native = await call(nativeReview, '/ajax/reviews/', { PRODUCT_ID: p.id, RATING: 4, MESSAGE: 'Хороший витамин, вкус приятный.', RecapToken: await captchaToken() }, buyer)
    expect(native.status).toBe(200)
    mails = await mailsTo('review.pending', manager.email)
    expect(mails).toHaveLength(2)
    expect(new Set(mails.map((m) => m.key)).size).toBe(2)

    // Not subscribed, or subscribed without the right to moderate: nothing.
    expect(await mailsTo('review.pending', idle.email)).toEqual([])
    expect(await mailsTo('review.pending', content.email)).toEqual([])
  })

  it('a product question or a message mails the subscribed manager once, with the inbox tab it waits on', async () => {
    const manager = await signedInStaff('manager')
    const idle = await signedInStaff('manager')
    await setSubscriptions(db(), manager.id, ['question.new'])
    await setSubscriptions(db(), idle.id, ['order.new', 'review.pending'])
    const p = await productByCode(D3)
    const asker = { NAME: 'Анна', EMAIL: 'anna@mail.ru', PHONE: '+7 (912) 345-67-89', MESSAGE: 'Можно ли принимать детям?', ADS_AGREEMENT: 'Y' }

    const token = await captchaToken()
    expect((await call(question, '/ajax/question/', { ...asker, PRODUCT_ID: p.id, PRODUCT_NAME: p.name, RecapToken: token }, newVisitor())).status).toBe(200)
    expect((await call(question, '/ajax/question/', { ...asker, PRODUCT_ID: p.id, PRODUCT_NAME: p.name, RecapToken: token }, newVisitor())).status).toBe(400)
    let mails = await mailsTo('question.new', manager.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toMatch(/вопрос о товаре №\d+: /)
    expect(mails[0]?.subject).toContain(p.name)
    expect(mails[0]?.text).toContain('Можно ли принимать детям?')
    expect(mails[0]?.text).toContain('/admin/inbox/questions/')

    expect((await call(question, '/ajax/question/', { ...asker, THEME: 'delivery', MESSAGE: 'Когда привезут?', RecapToken: await captchaToken() }, newVisitor())).status).toBe(200)
    mails = await mailsTo('question.new', manager.email)
    expect(mails).toHaveLength(2)
    expect(mails[1]?.text).toContain('/admin/inbox/messages/')

    expect(await mailsTo('question.new', idle.email)).toEqual([])
  })
})
