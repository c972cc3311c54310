import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { POST } from '@/app/ajax/basket/route'
import { db } from '@/db/client'
import { basketLines, offers, products, sessions, settings, users } from '@/db/schema'
import { ensureSession, ownerOf } from '@/domains/session/session.server'
import { clearCache } from '@/lib/cache'
import { databaseFingerprint } from '../../../tests/support/db-snapshot'
import { formPost, newVisitor, type Visitor } from '../../../tests/support/http'
import { CART_MESSAGES, type Cart } from './cart'
import { BASKET_ERRORS } from './cart.schema'
import { clearBasket, loadBasket, loadMinOrderSum } from './cart.server'
import { setBasketGuards } from '../../../tests/support/test-hooks'

type Fields = Record<string, string | string[] | number>

async function basket(visitor: Visitor, fields: Fields): Promise<{ status: number; body: Cart & { error?: string } }> {
  const res = await POST(formPost('/ajax/basket/', fields, visitor))
  return { status: res.status, body: (await res.json()) as Cart & { error?: string } }
}

interface OfferPick {
  id: number
  name: string
  price: number
  oldPrice: number | null
  stock: number | null
}

async function pickOffers(where: ReturnType<typeof sql>): Promise<OfferPick[]> {
  return db()
    .select({ id: offers.id, name: products.name, price: offers.price, oldPrice: offers.oldPrice, stock: offers.stock })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.active, true), eq(products.active, true), where))
    .orderBy(asc(offers.id))
}

let untracked: OfferPick
let scarce: OfferPick
let soldOut: OfferPick
let discounted: OfferPick
let plenty: OfferPick[]

beforeAll(async () => {
  untracked = (await pickOffers(isNull(offers.stock)))[0]!
  soldOut = (await pickOffers(sql`${offers.stock} = 0`))[0]!
  discounted = (await pickOffers(sql`${offers.oldPrice} > ${offers.price} and ${offers.stock} >= 10`))[0]!
  plenty = await pickOffers(sql`${offers.stock} >= 30`)
  // A deterministic small stock, so the cap is exact.
  scarce = plenty.pop()!
  await db().update(offers).set({ stock: 3 }).where(eq(offers.id, scarce.id))
  scarce = { ...scarce, stock: 3 }
  expect(untracked && soldOut && discounted && plenty.length >= 10).toBeTruthy()
})

afterEach(() => setBasketGuards({ limits: true, lock: true }))

describe('POST /ajax/basket/', () => {
  it('GetBasket answers an empty cart and stores nothing for a new visitor', async () => {
    const before = await databaseFingerprint()
    const { status, body } = await basket(newVisitor(), { ACTION: 'GetBasket' })
    expect(status).toBe(200)
    expect(body).toEqual({ Products: [], NormalPrice: 0, DiscountPrice: 0, TotalPrice: 0, ProductsPrice: 0, Count: 0 })
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('adds an offer and answers the cart with the spec’s names, money recomputed from the database', async () => {
    const v = newVisitor()
    const { body } = await basket(v, { ACTION: 'Add', ID: String(discounted.id), QUANTITY: '2', PRICE: '1', RETURN: 'Y', PAGE_TITLE: 'Каталог' })
    expect(body.productError).toBeUndefined()
    const [line] = body.Products
    expect(line).toMatchObject({ id: discounted.id, quantity: 2, price: discounted.price / 100, sum: (discounted.price * 2) / 100 })
    expect(line!.discount).toBe((discounted.oldPrice! - discounted.price) / 100)
    expect(line!.idInBasket).toBeGreaterThan(0)
    expect(line!.link).toMatch(/^\/catalog\/[^/]+\/[^/]+\/$/)
    expect(line!.img).toBe(line!.main_product_img)
    expect(line!.properties['Фасовка']).toBeTruthy()
    expect(line!.max).toBeGreaterThanOrEqual(10)
    expect(line!.SECTION_NAME).toBeTruthy()
    expect(body.ProductsPrice).toBe((discounted.price * 2) / 100)
    expect(body.TotalPrice).toBe(body.ProductsPrice)
    expect(body.NormalPrice).toBe((discounted.oldPrice! * 2) / 100)
    expect(body.DiscountPrice).toBe(((discounted.oldPrice! - discounted.price) * 2) / 100)
    expect(body.Count).toBe(2)
    // GetBasket reads the same cart back.
    expect((await basket(v, { ACTION: 'GetBasket' })).body).toEqual(body)
  })

  it('adds to an existing line, accepts ID[] lists, sets and removes lines', async () => {
    const v = newVisitor()
    const [a, b] = plenty
    await basket(v, { ACTION: 'Add', ID: String(a!.id) })
    let { body } = await basket(v, { ACTION: 'Add', ID: String(a!.id), QUANTITY: '2' })
    expect(body.Products.map((l) => [l.id, l.quantity])).toEqual([[a!.id, 3]])
    ;({ body } = await basket(v, { ACTION: 'Add', 'ID[]': [String(b!.id)], QUANTITY: '1' }))
    expect(body.Products.map((l) => [l.id, l.quantity])).toEqual([
      [a!.id, 3],
      [b!.id, 1],
    ])
    ;({ body } = await basket(v, { ACTION: 'Update', ID: String(a!.id), QUANTITY: '7' }))
    expect(body.Products.find((l) => l.id === a!.id)?.quantity).toBe(7)
    ;({ body } = await basket(v, { ACTION: 'Remove', 'ID[]': [String(a!.id), String(b!.id)] }))
    expect(body.Products).toEqual([])
    // Removing what is not there is not an error.
    ;({ body } = await basket(v, { ACTION: 'Remove', ID: String(a!.id) }))
    expect(body.productError).toBeUndefined()
  })

  it('caps a line at the offer’s stock (max) and refuses more, leaving the cart as it was', async () => {
    const v = newVisitor()
    let { body } = await basket(v, { ACTION: 'Add', ID: String(scarce.id), QUANTITY: '3' })
    expect(body.Products[0]).toMatchObject({ quantity: 3, max: 3 })
    const before = await databaseFingerprint()
    ;({ body } = await basket(v, { ACTION: 'Add', ID: String(scarce.id) }))
    expect(body.productError).toBe(CART_MESSAGES.overLineLimit(scarce.name, 3))
    expect(body.Products[0]).toMatchObject({ quantity: 3 })
    ;({ body } = await basket(v, { ACTION: 'Update', ID: String(scarce.id), QUANTITY: '4' }))
    expect(body.productError).toBe(CART_MESSAGES.overLineLimit(scarce.name, 3))
    expect(await databaseFingerprint()).toEqual(before)
    // Going down is always allowed.
    ;({ body } = await basket(v, { ACTION: 'Update', ID: String(scarce.id), QUANTITY: '1' }))
    expect(body.productError).toBeUndefined()
    expect(body.Products[0]).toMatchObject({ quantity: 1 })
  })

  it('caps a line without a stock limit at 100', async () => {
    const v = newVisitor()
    let { body } = await basket(v, { ACTION: 'Add', ID: String(untracked.id), QUANTITY: '100' })
    expect(body.Products[0]).toMatchObject({ quantity: 100, max: 100 })
    ;({ body } = await basket(v, { ACTION: 'Add', ID: String(untracked.id) }))
    expect(body.productError).toBe(CART_MESSAGES.overLineLimit(untracked.name, 100))
    expect(body.Products[0]).toMatchObject({ quantity: 100 })
  })

  it('refuses an offer out of stock', async () => {
    const v = newVisitor()
    const before = await databaseFingerprint()
    const { body } = await basket(v, { ACTION: 'Add', ID: String(soldOut.id) })
    expect(body.productError).toBe(CART_MESSAGES.outOfStock(soldOut.name))
    expect(body.Products).toEqual([])
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('refuses more than 125 items per order with the spec’s message, word for word', async () => {
    const v = newVisitor()
    // 100 + 25 = 125 exactly: allowed.
    await basket(v, { ACTION: 'Add', ID: String(untracked.id), QUANTITY: '100' })
    let { body } = await basket(v, { ACTION: 'Add', ID: String(plenty[0]!.id), QUANTITY: '25' })
    expect(body.productError).toBeUndefined()
    expect(body.Count).toBe(125)
    const before = await databaseFingerprint()
    ;({ body } = await basket(v, { ACTION: 'Add', ID: String(plenty[1]!.id) }))
    expect(body.productError).toBe(
      'Вы превысили максимально допустимое кол-во товаров. Пожалуйста, разделите свой заказ на несколько заказов. Количество товаров не должно превышать 125 шт.',
    )
    expect(body.Count).toBe(125)
    ;({ body } = await basket(v, { ACTION: 'Update', ID: String(plenty[0]!.id), QUANTITY: '26' }))
    expect(body.productError).toBe(CART_MESSAGES.overOrderLimit)
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('negative control: with the limit guard off the same requests overfill the cart', async () => {
    setBasketGuards({ limits: false, lock: true })
    const v = newVisitor()
    await basket(v, { ACTION: 'Add', ID: String(untracked.id), QUANTITY: '100' })
    await basket(v, { ACTION: 'Add', ID: String(plenty[0]!.id), QUANTITY: '30' })
    const { body } = await basket(v, { ACTION: 'Add', ID: String(scarce.id), QUANTITY: '9' })
    expect(body.Count).toBe(139)
    expect(body.Products.find((l) => l.id === scarce.id)?.quantity).toBe(9)
  })

  it('refuses unknown and inactive offers with productError and changes nothing', async () => {
    const v = newVisitor()
    const [inactive] = plenty.slice(-1)
    await db().update(offers).set({ active: false }).where(eq(offers.id, inactive!.id))
    const before = await databaseFingerprint()
    for (const id of ['999999', String(inactive!.id)]) {
      const { status, body } = await basket(v, { ACTION: 'Add', ID: id })
      expect(status).toBe(200)
      expect(body.productError).toBe(CART_MESSAGES.unknownProduct)
    }
    expect(await databaseFingerprint()).toEqual(before)
    await db().update(offers).set({ active: true }).where(eq(offers.id, inactive!.id))
  })

  it.each([
    [{ ACTION: 'Add', ID: 'abc' }, BASKET_ERRORS.badId],
    [{ ACTION: 'Add', ID: '-5' }, BASKET_ERRORS.badId],
    [{ ACTION: 'Add', ID: '0' }, BASKET_ERRORS.badId],
    [{ ACTION: 'Add', ID: '99999999999' }, BASKET_ERRORS.badId],
    [{ ACTION: 'Add' }, BASKET_ERRORS.noId],
    [{ ACTION: 'Add', ID: '1', QUANTITY: '-1' }, BASKET_ERRORS.badQuantity],
    [{ ACTION: 'Add', ID: '1', QUANTITY: '1.5' }, BASKET_ERRORS.badQuantity],
    [{ ACTION: 'Add', ID: '1', QUANTITY: '0' }, BASKET_ERRORS.badQuantity],
    [{ ACTION: 'Add', ID: '1', QUANTITY: 'два' }, BASKET_ERRORS.badQuantity],
    [{ ACTION: 'Add', ID: '1', QUANTITY: '1e3' }, BASKET_ERRORS.badQuantity],
    [{ ACTION: 'Update', ID: '1' }, BASKET_ERRORS.badQuantity],
    [{ ACTION: 'Steal', ID: '1' }, BASKET_ERRORS.action],
    [{ ID: '1' }, BASKET_ERRORS.action],
  ])('answers 400 with a Russian message to %o', async (fields, message) => {
    const before = await databaseFingerprint()
    const { status, body } = await basket(newVisitor(), fields as Fields)
    expect(status).toBe(400)
    expect(body.error).toBe(message)
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('refuses a huge quantity as over the limit, and a list of 10 000 ids as a bad request', async () => {
    const v = newVisitor()
    const before = await databaseFingerprint()
    const huge = await basket(v, { ACTION: 'Add', ID: String(untracked.id), QUANTITY: '999999999' })
    expect(huge.body.productError).toBe(CART_MESSAGES.overLineLimit(untracked.name, 100))
    const many = await basket(v, { ACTION: 'Add', 'ID[]': Array.from({ length: 10_000 }, (_, i) => String(i + 1)) })
    expect(many.status).toBe(400)
    const some = await basket(v, { ACTION: 'Add', 'ID[]': Array.from({ length: 126 }, (_, i) => String(i + 1)) })
    expect(some.status).toBe(400)
    expect(some.body.error).toBe(BASKET_ERRORS.tooManyIds)
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('an Add of several offers is applied whole or not at all', async () => {
    const v = newVisitor()
    const before = await databaseFingerprint()
    const { body } = await basket(v, { ACTION: 'Add', 'ID[]': [String(plenty[2]!.id), String(soldOut.id)] })
    expect(body.productError).toBe(CART_MESSAGES.outOfStock(soldOut.name))
    expect(body.Products).toEqual([])
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('belongs to the session, then to the user once signed in', async () => {
    const v = newVisitor()
    await basket(v, { ACTION: 'Add', ID: String(plenty[3]!.id) })
    const session = await ensureSession(db(), v.sessionId)
    const [user] = await db().insert(users).values({ email: `cart-${v.sessionId.slice(0, 8)}@example.ru` }).returning({ id: users.id })
    await db().update(sessions).set({ userId: user!.id }).where(eq(sessions.id, session.id))
    const { body } = await basket(v, { ACTION: 'Add', ID: String(plenty[4]!.id) })
    expect(body.Products.map((l) => l.id)).toEqual([plenty[4]!.id])
    const rows = await db().select().from(basketLines).where(eq(basketLines.userId, user!.id))
    expect(rows.map((r) => r.offerId)).toEqual([plenty[4]!.id])
    const owner = ownerOf({ id: session.id, userId: user!.id })
    const items = await loadBasket(db(), owner)
    expect(items[0]).toMatchObject({ offerId: plenty[4]!.id, quantity: 1, active: true, airRestricted: expect.any(Boolean) })
    expect(items[0]!.weightGrams).toBeGreaterThan(0)
    await db().transaction((tx) => clearBasket(tx, owner))
    expect(await loadBasket(db(), owner)).toEqual([])
  })

  it('shows an inactive offer already in the cart with price 0 (нет в наличии)', async () => {
    const v = newVisitor()
    const offer = plenty[5]!
    await basket(v, { ACTION: 'Add', ID: String(offer.id) })
    await db().update(offers).set({ active: false }).where(eq(offers.id, offer.id))
    const { body } = await basket(v, { ACTION: 'GetBasket' })
    expect(body.Products[0]).toMatchObject({ id: offer.id, price: 0, sum: 0 })
    await db().update(offers).set({ active: true }).where(eq(offers.id, offer.id))
  })

  it('reads the minimum order sum from the settings (seeded, kopecks)', async () => {
    clearCache()
    expect(await loadMinOrderSum()).toBe(20000)
    await db().update(settings).set({ value: 50000 }).where(eq(settings.key, 'minOrderSum'))
    clearCache()
    expect(await loadMinOrderSum()).toBe(50000)
    await db().update(settings).set({ value: 20000 }).where(eq(settings.key, 'minOrderSum'))
    clearCache()
  })
})
