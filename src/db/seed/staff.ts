import { inArray } from 'drizzle-orm'
import type { Db } from '@/db/client'
import { staff } from '@/db/schema/staff'
import { env } from '@/lib/env'

/**
 * The demo's owner, owner@example.ru with the password owner-demo-2026 (the README says so). The hash
 * is computed once and kept here, since the seed runs outside Next and hashing costs a start 0.1 s.
 * A production shop never has this account usable: a seed in production mode switches it off and
 * drops its password, and the login refuses the address anyway (ADR 162); its first owner comes from
 * `npm run staff:add`.
 */
export const DEMO_OWNER = { email: 'owner@example.ru', name: 'Владелец (демо)', passwordHash: 'scrypt$15$8$1$YvoJLBHypDFmS2wiupDsbQ$m1Clx08sAJYrjr95FtDivcpkBhIga4pb-ZDFR-GJMZY' } as const

/** The demo's 1С exchange account, exchange@example.ru / exchange-demo-2026 (ADR 189), refused in production like the owner. */
export const DEMO_EXCHANGE = { email: 'exchange@example.ru', name: 'Обмен с 1С (демо)', passwordHash: 'scrypt$15$8$1$bU9HZOZyq5oKtgZDmJUHGA$hMyU3UgF2jEYlbRUaIEcm_H5axAg9yQ1kLrQBEpJCVg' } as const

export async function seedStaff(db: Db): Promise<void> {
  if (env().mode === 'demo') {
    await db
      .insert(staff)
      .values([
        { email: DEMO_OWNER.email, name: DEMO_OWNER.name, role: 'owner', passwordHash: DEMO_OWNER.passwordHash },
        { email: DEMO_EXCHANGE.email, name: DEMO_EXCHANGE.name, role: 'exchange', passwordHash: DEMO_EXCHANGE.passwordHash },
      ])
      .onConflictDoNothing({ target: staff.email })
  } else {
    await db.update(staff).set({ passwordHash: null, active: false }).where(inArray(staff.email, [DEMO_OWNER.email, DEMO_EXCHANGE.email]))
  }
}
