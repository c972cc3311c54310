import { and, asc, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { POST } from '@/app/ajax/basket/route'
import { db } from '@/db/client'
import { basketLines, offers, products, sessions, users } from '@/db/schema'
import { ensureSession } from '@/domains/session/session.server'
import { formPost, newVisitor } from '../../../tests/support/http'
import type { Cart } from './cart'
import { setBasketGuards } from '../../../tests/support/test-hooks'

/**
 * R8 under concurrency: one account signed in on 30 devices adds 5 units of 30 different offers at
 * once. The 125-item limit holds only because basket changes of one owner run one after another.
 */
async function raceThirtyDevices(email: string): Promise<{ total: number; refused: number }> {
  const [user] = await db().insert(users).values({ email }).returning({ id: users.id })
  const devices = Array.from({ length: 30 }, () => newVisitor())
  for (const d of devices) {
    const s = await ensureSession(db(), d.sessionId)
    await db().update(sessions).set({ userId: user!.id }).where(eq(sessions.id, s.id))
  }
  const picks = await db()
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.active, true), eq(products.active, true), sql`coalesce(${offers.stock}, 100) >= 5`))
    .orderBy(asc(offers.id))
    .limit(30)
  const answers = await Promise.all(
    devices.map(async (d, i) => {
      const res = await POST(formPost('/ajax/basket/', { ACTION: 'Add', ID: String(picks[i]!.id), QUANTITY: '5' }, d))
      expect(res.status).toBe(200)
      return (await res.json()) as Cart
    }),
  )
  const [row] = await db()
    .select({ total: sql<number>`coalesce(sum(${basketLines.quantity}), 0)::int` })
    .from(basketLines)
    .where(eq(basketLines.userId, user!.id))
  return { total: row!.total, refused: answers.filter((a) => a.productError).length }
}

afterEach(() => setBasketGuards({ limits: true, lock: true }))

const racesAreReal = Boolean(inject('postgresTemplate'))

describe('POST /ajax/basket/ under concurrency', () => {
  it('never lets one account pass 125 items, however many devices add at once', async () => {
    const { total, refused } = await raceThirtyDevices('race-guarded@example.ru')
    expect(total).toBe(125)
    expect(refused).toBe(5)
  })

  // PGlite runs one transaction at a time, so only a real server can show the race: the control is
  // registered in the PostgreSQL project (CI) and nowhere else.
  if (racesAreReal) {
    it('negative control: without the owner lock the limit is overrun', async () => {
      setBasketGuards({ limits: true, lock: false })
      const { total } = await raceThirtyDevices('race-unguarded@example.ru')
      expect(total).toBeGreaterThan(125)
    })
  }
})
