import { and, eq, sql } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { coupons, offers } from '@/db/schema'
import { auditLog, staff } from '@/db/schema/staff'
import type { RefreshAnswer, SaveAnswer } from '@/domains/checkout/checkout-wire'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { checkout, offerWithStock, orderFields, visitorWithBasket } from '../../../tests/support/checkout'
import { setIntegrityGuards } from '../../../tests/support/test-hooks'
import { couponById, createCoupon, deleteCoupon, endCoupon, listCoupons, updateCoupon } from './coupons.server'

let MANAGER: Actor

beforeAll(async () => {
  const [row] = await db().insert(staff).values({ email: 'maria.coupons@example.ru', name: 'Мария Менеджер', role: 'manager' }).returning()
  MANAGER = { kind: 'staff', id: row!.id, name: row!.name, role: 'manager' }
})

afterEach(() => setIntegrityGuards('reset'))

async function refusalOf(run: () => Promise<unknown>): Promise<Refusal> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Refusal) return error
    throw error
  }
  throw new Error('expected a refusal')
}
const fieldErrors = (r: Refusal) => Object.fromEntries((r.body as { errors: { field: string; message: string }[] }).errors.map((e) => [e.field, e.message]))
const auditOf = (id: number) =>
  db().select().from(auditLog).where(and(eq(auditLog.objectType, 'coupon'), eq(auditLog.objectId, String(id)))).orderBy(auditLog.id)

type Answer = { status: number; body: SaveAnswer }
const placedId = (a: Answer) => ('ID' in a.body.order ? a.body.order.ID : null)
const mainError = (a: Answer) => ('ERROR' in a.body.order ? (a.body.order.ERROR.MAIN?.[0] ?? '') : '')

/** A buyer's view of a code after entering it: its status and text in the checkout's coupon list. */
async function entered(code: string, skip: number, quantity = 1) {
  const offer = await offerWithStock(100, skip)
  const visitor = await visitorWithBasket([{ offerId: offer.id, quantity }])
  const answer = await checkout<RefreshAnswer>('enterCoupon', { coupon: code }, visitor)
  const c = answer.body.order?.COUPON_LIST.find((x) => x.COUPON === code.toUpperCase())
  return { status: c?.JS_STATUS, text: c?.STATUS_TEXT, visitor, offer }
}

const couponOrders = (code: string) => queryRows<{ id: number }>(db(), sql`select id from orders where coupon_code = ${code}`)

describe('createCoupon / updateCoupon', () => {
  it('creates a percent coupon the checkout applies, upper-cases its code and audits it', async () => {
    const view = await createCoupon(db(), MANAGER, { code: 'spring-15', kind: 'percent', value: 15, discountName: 'Весна' })
    expect(view).toMatchObject({ code: 'SPRING-15', kind: 'percent', value: 15, usedCount: 0, state: 'active', endedAt: null })
    expect((await auditOf(view.id)).map((e) => [e.action, e.actor])).toEqual([['create', 'Мария Менеджер']])
    expect((await entered('spring-15', 10)).status).toBe('APPLIED')
  })

  it('refuses bad input with a Russian message per field', async () => {
    const bad = await refusalOf(() =>
      createCoupon(db(), MANAGER, {
        code: 'Ё!',
        kind: 'percent',
        value: 150,
        startsAt: '2026-05-01T00:00:00Z',
        expiresAt: '2026-04-01T00:00:00Z',
        maxUses: 0,
      }),
    )
    expect(bad.kind).toBe('invalid')
    expect(fieldErrors(bad)).toEqual({
      code: 'Код — от 3 до 40 латинских букв, цифр, «-» или «_».',
      maxUses: 'Лимит — целое число от 1; пусто — без ограничения.',
      value: 'Скидка в процентах — целое число от 1 до 100.',
      expiresAt: 'Окончание действия должно быть позже начала.',
    })
    expect(fieldErrors(await refusalOf(() => createCoupon(db(), MANAGER, { code: 'GIFTLESS', kind: 'gift' })))).toEqual({
      giftOfferId: 'Выберите товар-подарок.',
    })
    expect(fieldErrors(await refusalOf(() => createCoupon(db(), MANAGER, { code: 'VITA10', kind: 'fixed', value: 100 })))).toEqual({
      code: 'Промокод с таким кодом уже есть.',
    })
    expect(fieldErrors(await refusalOf(() => createCoupon(db(), MANAGER, { code: 'NOGIFT', kind: 'gift', giftOfferId: 99_999_999 })))).toEqual({
      giftOfferId: 'Такого товара нет.',
    })
  })

  it('creates a gift coupon naming its product', async () => {
    const offer = await offerWithStock(10, 60)
    const view = await createCoupon(db(), MANAGER, { code: 'GIFT-NEW', kind: 'gift', giftOfferId: offer.id, value: 500 })
    expect(view).toMatchObject({ kind: 'gift', value: 0, giftOfferId: offer.id, giftName: offer.name })
  })

  it('changes fields, audits before and after, and keeps the limit at or above the uses made', async () => {
    const view = await createCoupon(db(), MANAGER, { code: 'CHANGE-ME', kind: 'fixed', value: 30_000, maxUses: 10 })
    await db().update(coupons).set({ usedCount: 4 }).where(eq(coupons.id, view.id))
    const changed = await updateCoupon(db(), MANAGER, view.id, { value: 50_000, minSum: 200_000, perBuyerLimit: 1 })
    expect(changed).toMatchObject({ value: 50_000, minSum: 200_000, perBuyerLimit: 1 })
    const [, update] = await auditOf(view.id)
    expect(update).toMatchObject({ action: 'update', before: { value: 30_000, minSum: 0, perBuyerLimit: null }, after: { value: 50_000, minSum: 200_000, perBuyerLimit: 1 } })
    expect(fieldErrors(await refusalOf(() => updateCoupon(db(), MANAGER, view.id, { maxUses: 3 })))).toEqual({
      maxUses: 'Промокод уже использован 4 раз: лимит не может быть меньше.',
    })
    expect(fieldErrors(await refusalOf(() => updateCoupon(db(), MANAGER, view.id, { kind: 'gift' })))).toEqual({ '': 'Неизвестное поле.' })
    expect((await refusalOf(() => updateCoupon(db(), MANAGER, 99_999_999, { value: 1 }))).kind).toBe('not-found')
  })
})

describe('endCoupon / deleteCoupon', () => {
  it('a used coupon cannot be deleted; ended, the checkout no longer applies it and it cannot be changed, but stays listed', async () => {
    const view = await createCoupon(db(), MANAGER, { code: 'USED-ONCE', kind: 'percent', value: 5 })
    const { visitor } = await entered('USED-ONCE', 11)
    const placed = await checkout<SaveAnswer>('saveOrderAjax', await orderFields(), visitor)
    expect(placedId(placed)).not.toBeNull()
    expect((await couponById(db(), view.id)).usedCount).toBe(1)

    const refused = await refusalOf(() => deleteCoupon(db(), MANAGER, view.id))
    expect([refused.kind, refused.message]).toEqual(['conflict', 'Промокод уже использовали в заказах: его можно только завершить.'])

    const ended = await endCoupon(db(), MANAGER, view.id)
    expect(ended).toMatchObject({ state: 'ended', active: false, usedCount: 1 })
    expect(ended.endedAt).not.toBeNull()
    expect((await entered('USED-ONCE', 12)).status).toBe('BAD')
    expect((await refusalOf(() => updateCoupon(db(), MANAGER, view.id, { active: true }))).kind).toBe('conflict')
    const listed = await listCoupons(db(), { q: 'used-on', state: 'ended', page: 1 })
    expect(listed.items.map((c) => [c.code, c.usedCount, c.state])).toEqual([['USED-ONCE', 1, 'ended']])
    expect((await auditOf(view.id)).map((e) => e.action)).toEqual(['create', 'end'])
  }, 60_000)

  it('deletes a coupon no order named, with an audit line', async () => {
    const view = await createCoupon(db(), MANAGER, { code: 'TYPO-CODE', kind: 'percent', value: 5 })
    expect(await deleteCoupon(db(), MANAGER, view.id)).toEqual({ deleted: true })
    expect((await refusalOf(() => couponById(db(), view.id))).kind).toBe('not-found')
    expect((await auditOf(view.id)).map((e) => e.action)).toEqual(['create', 'delete'])
  })

  it('lists coupons with their usage counts, newest first, searched by code', async () => {
    const all = await listCoupons(db(), { state: 'all', page: 1 })
    expect(all.total).toBeGreaterThan(0)
    expect(all.items.find((c) => c.code === 'VITA10')).toMatchObject({ kind: 'percent', usedCount: expect.any(Number) })
    const ids = all.items.map((c) => c.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect((await listCoupons(db(), { q: 'vita', state: 'all', page: 1 })).items.every((c) => c.code.includes('VITA'))).toBe(true)
  })
})

describe('the checkout honours every field staff set', () => {
  it('validity dates: not before the start, not after the end', async () => {
    const day = 24 * 3600_000
    await createCoupon(db(), MANAGER, { code: 'LATER', kind: 'percent', value: 5, startsAt: new Date(Date.now() + day).toISOString() })
    await createCoupon(db(), MANAGER, { code: 'EARLIER', kind: 'percent', value: 5, startsAt: new Date(Date.now() - 2 * day).toISOString(), expiresAt: new Date(Date.now() - day).toISOString() })
    expect(await entered('LATER', 13)).toMatchObject({ status: 'BAD', text: 'еще не действует' })
    expect(await entered('EARLIER', 14)).toMatchObject({ status: 'BAD', text: 'срок действия истек' })
  })

  it('minimum sum: applies from the sum on', async () => {
    const offer = await offerWithStock(100, 15)
    await db().update(offers).set({ price: 100_000 }).where(eq(offers.id, offer.id))
    await createCoupon(db(), MANAGER, { code: 'FROM2000', kind: 'fixed', value: 20_000, minSum: 200_000 })
    expect(await entered('FROM2000', 15, 1)).toMatchObject({ status: 'BAD', text: 'действует при заказе от 2000 ₽' })
    expect((await entered('FROM2000', 15, 2)).status).toBe('APPLIED')
  })

  it('a paused coupon does not apply, and applies again when switched back on', async () => {
    const view = await createCoupon(db(), MANAGER, { code: 'PAUSED', kind: 'percent', value: 5, active: false })
    expect(await entered('PAUSED', 16)).toMatchObject({ status: 'BAD', text: 'не действует' })
    await updateCoupon(db(), MANAGER, view.id, { active: true })
    expect((await entered('PAUSED', 16)).status).toBe('APPLIED')
  })

  it('per-buyer limit: a second order of the same buyer (another session, the same e-mail) gets no discount; another buyer does', async () => {
    await createCoupon(db(), MANAGER, { code: 'ONCE-EACH', kind: 'percent', value: 10, perBuyerLimit: 1 })
    const buyer = { PROP_EMAIL: 'olga.once@example.ru', PROP_PHONE: '+7 (912) 000-11-22' }
    const first = await entered('ONCE-EACH', 17)
    expect(placedId(await checkout<SaveAnswer>('saveOrderAjax', await orderFields({ props: buyer }), first.visitor))).not.toBeNull()

    const again = await entered('ONCE-EACH', 17)
    const refresh = await checkout<RefreshAnswer>('refreshOrderAjax', await orderFields({ props: buyer }), again.visitor)
    expect(refresh.body.order?.COUPON_LIST.find((c) => c.COUPON === 'ONCE-EACH')).toMatchObject({ JS_STATUS: 'BAD', STATUS_TEXT: 'вы уже использовали этот промокод' })
    // The same phone under another e-mail is the same buyer.
    const samePhone = await checkout<RefreshAnswer>('refreshOrderAjax', await orderFields({ props: { ...buyer, PROP_EMAIL: 'other@example.ru' } }), again.visitor)
    expect(samePhone.body.order?.COUPON_LIST.find((c) => c.COUPON === 'ONCE-EACH')?.JS_STATUS).toBe('BAD')

    const other = await checkout<RefreshAnswer>('refreshOrderAjax', await orderFields({ props: { PROP_EMAIL: 'ivan@example.ru', PROP_PHONE: '+7 (912) 999-88-77' } }), again.visitor)
    expect(other.body.order?.COUPON_LIST.find((c) => c.COUPON === 'ONCE-EACH')?.JS_STATUS).toBe('APPLIED')
    expect(await couponOrders('ONCE-EACH')).toHaveLength(1)
  }, 60_000)
})

/** One buyer (one e-mail and phone) submits 8 orders at once from 8 sessions with a once-per-buyer coupon. */
async function perBuyerRace(code: string, skip: number, email: string) {
  await createCoupon(db(), MANAGER, { code, kind: 'percent', value: 10, perBuyerLimit: 1 })
  const offer = await offerWithStock(100, skip)
  const fields = await orderFields({ props: { PROP_EMAIL: email, PROP_PHONE: '+7 (912) 555-44-33' } })
  const visitors = await Promise.all(Array.from({ length: 8 }, () => visitorWithBasket([{ offerId: offer.id, quantity: 1 }])))
  for (const v of visitors) await checkout('enterCoupon', { coupon: code }, v)
  const answers: Answer[] = await Promise.all(visitors.map((v) => checkout<SaveAnswer>('saveOrderAjax', fields, v)))
  return { answers, discounted: (await couponOrders(code)).length }
}

describe('per-buyer limit under concurrency', () => {
  it('8 simultaneous orders of one buyer: exactly one gets the coupon, the others are refused or placed without it', async () => {
    const { answers, discounted } = await perBuyerRace('RACE-ONCE', 18, 'race.once@example.ru')
    expect(discounted).toBe(1)
    expect(answers.every((a) => a.status < 500)).toBe(true)
    expect(answers.every((a) => placedId(a) !== null || mainError(a).includes('RACE-ONCE'))).toBe(true)
  }, 60_000)

  it('negative control: without the count under the coupon lock several orders of the buyer get it', async () => {
    setIntegrityGuards({ couponPerBuyer: false })
    const { discounted } = await perBuyerRace('RACE-OFF', 19, 'race.off@example.ru')
    expect(discounted).toBeGreaterThan(1)
  }, 60_000)
})
