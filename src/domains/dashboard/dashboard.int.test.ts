import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { offers, orders } from '@/db/schema'
import { setClock } from '../../../tests/support/test-hooks'
import { dashboard } from './dashboard.server'

afterEach(() => setClock(null))

const NOW = new Date('2026-11-25T09:00:00Z') // 12:00 in Moscow

async function order(createdAt: string, total: number, status: 'new' | 'paid' | 'cancelled' = 'new') {
  await db().insert(orders).values({ createdAt: new Date(createdAt), basePrice: total, goodsPrice: total, total, status, paymentToken: `t-${Math.random()}` })
}

describe('dashboard', () => {
  it('counts today and the week in Moscow time, leaves cancelled orders out and lists low stock', async () => {
    await order('2026-11-24T21:30:00Z', 100_00) // 00:30 Moscow today
    await order('2026-11-25T08:00:00Z', 300_00, 'paid')
    await order('2026-11-25T08:30:00Z', 999_00, 'cancelled')
    await order('2026-11-24T20:30:00Z', 500_00) // 23:30 Moscow yesterday
    await order('2026-11-10T10:00:00Z', 700_00) // outside the week
    const [offer] = await db().select({ id: offers.id }).from(offers).limit(1)
    await db().update(offers).set({ stock: 2 }).where(eq(offers.id, offer!.id))

    setClock(() => NOW)
    const board = await dashboard()
    expect(board.today).toEqual({ orders: 2, revenue: 400_00, average: 200_00 })
    expect(board.week.orders).toBeGreaterThanOrEqual(3)
    expect(board.week.revenue - board.today.revenue).toBeGreaterThanOrEqual(500_00)
    expect(board.days.at(-1)).toEqual({ date: '2026-11-25', orders: 2, revenue: 400_00 })
    expect(board.days.at(-2)?.revenue).toBeGreaterThanOrEqual(500_00)
    expect(board.lowStock.map((o) => o.offerId)).toContain(offer!.id)
    expect(board.waiting.find((w) => w.status === 'paid')?.count).toBeGreaterThanOrEqual(1)
  })
})
