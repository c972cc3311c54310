import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { users } from '@/db/schema'
import { reloadEnv } from '../../../tests/support/test-hooks'
import { seedReviews } from './reviews'

/** The demo moderator's password is published (ADR 062): production mode never keeps it (ADR 152). */
const DEMO_MANAGER = 'manager@vitamarket.local'

afterEach(() => {
  vi.unstubAllEnvs()
  reloadEnv()
})

const manager = async () => (await db().select().from(users).where(eq(users.email, DEMO_MANAGER)))[0]

describe('demo accounts', () => {
  it('are seeded in a demo and taken away by a seed in production mode', async () => {
    await seedReviews(db())
    expect((await manager())?.passwordHash).toMatch(/^scrypt\$/)
    vi.stubEnv('SHOP_MODE', 'production')
    vi.stubEnv('PUBLIC_URL', 'https://vitamarket.example')
    reloadEnv()
    await seedReviews(db())
    expect((await manager())?.passwordHash).toBeNull()
    // Nor does a production seed put it back.
    await seedReviews(db())
    expect((await manager())?.passwordHash).toBeNull()
  })
})
