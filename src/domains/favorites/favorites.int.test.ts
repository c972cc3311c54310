import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { POST } from '@/app/ajax/favorites/route'
import { db } from '@/db/client'
import { favorites, products, sessions, users } from '@/db/schema'
import { ensureSession } from '@/domains/session/session.server'
import { databaseFingerprint } from '../../../tests/support/db-snapshot'
import { formPost, newVisitor, type Visitor } from '../../../tests/support/http'
import { FAVORITES_MESSAGES } from './favorites'
import { activeFavoritesOfVisitor } from './favorites.server'

async function call(visitor: Visitor, fields: Record<string, string>) {
  const res = await POST(formPost('/ajax/favorites/', fields, visitor))
  return { status: res.status, body: (await res.json()) as unknown }
}

let ids: number[] = []
beforeAll(async () => {
  ids = (await db().select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(5)).map((r) => r.id)
})

describe('POST /ajax/favorites/', () => {
  it('get answers an empty list and stores nothing for a new visitor', async () => {
    const before = await databaseFingerprint()
    expect(await call(newVisitor(), { action: 'get' })).toEqual({ status: 200, body: [] })
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('adds, lists in the order added, ignores a second add, removes', async () => {
    const v = newVisitor()
    const [a, b] = ids
    expect((await call(v, { action: 'add', favoritesId: String(b) })).body).toEqual([b])
    expect((await call(v, { action: 'add', favoritesId: String(a) })).body).toEqual([b, a])
    expect((await call(v, { action: 'add', favoritesId: String(a) })).body).toEqual([b, a])
    expect((await call(v, { action: 'get' })).body).toEqual([b, a])
    expect((await call(v, { action: 'remove', favoritesId: String(b) })).body).toEqual([a])
    expect((await call(v, { action: 'remove', favoritesId: String(b) })).body).toEqual([a])
  })

  it('refuses unknown and inactive products with 404 and changes nothing', async () => {
    const v = newVisitor()
    const inactive = ids[4]!
    await db().update(products).set({ active: false }).where(eq(products.id, inactive))
    const before = await databaseFingerprint()
    for (const id of ['987654', String(inactive)]) {
      expect(await call(v, { action: 'add', favoritesId: id })).toEqual({ status: 404, body: { error: FAVORITES_MESSAGES.unknownProduct } })
    }
    expect(await databaseFingerprint()).toEqual(before)
    await db().update(products).set({ active: true }).where(eq(products.id, inactive))
  })

  it.each([
    [{ action: 'add' }, FAVORITES_MESSAGES.badId],
    [{ action: 'add', favoritesId: 'abc' }, FAVORITES_MESSAGES.badId],
    [{ action: 'add', favoritesId: '-1' }, FAVORITES_MESSAGES.badId],
    [{ action: 'add', favoritesId: '1.5' }, FAVORITES_MESSAGES.badId],
    [{ action: 'toggle', favoritesId: '1' }, FAVORITES_MESSAGES.action],
    [{ favoritesId: '1' }, FAVORITES_MESSAGES.action],
  ])('answers 400 to %o', async (fields, message) => {
    const before = await databaseFingerprint()
    const { status, body } = await call(newVisitor(), fields)
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: message })
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('belongs to the user once signed in; the favourites page lists only products on sale', async () => {
    const v = newVisitor()
    const session = await ensureSession(db(), v.sessionId)
    const [user] = await db().insert(users).values({ email: 'fav-owner@example.ru' }).returning({ id: users.id })
    await db().update(sessions).set({ userId: user!.id }).where(eq(sessions.id, session.id))
    await call(v, { action: 'add', favoritesId: String(ids[1]) })
    await call(v, { action: 'add', favoritesId: String(ids[2]) })
    const rows = await db().select().from(favorites).where(eq(favorites.userId, user!.id))
    expect(rows.map((r) => r.productId).sort()).toEqual([ids[1], ids[2]].sort())
    await db().update(products).set({ active: false }).where(eq(products.id, ids[2]!))
    expect(await activeFavoritesOfVisitor(v.sessionId)).toEqual([ids[1]])
    await db().update(products).set({ active: true }).where(eq(products.id, ids[2]!))
  })
})
