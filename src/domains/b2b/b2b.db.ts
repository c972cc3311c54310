import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { b2bEventRegistrations, b2bEvents, b2bProgrammes, b2bRequests } from '@/db/schema'

export function selectProgrammes(db: Db) {
  return db.select().from(b2bProgrammes).orderBy(asc(b2bProgrammes.sort), asc(b2bProgrammes.id))
}

export function selectProgrammesByCode(db: Db, codes: readonly string[]) {
  return db.select().from(b2bProgrammes).where(inArray(b2bProgrammes.code, [...codes]))
}

/** Async so callers get a real promise: a query builder awaited twice runs twice (the calendar's cache held the builder). */
export async function selectEvents(db: Db) {
  return db.select().from(b2bEvents).where(eq(b2bEvents.published, true)).orderBy(asc(b2bEvents.startsAt), asc(b2bEvents.id))
}

export async function selectEvent(db: Db, id: number) {
  const [row] = await db.select().from(b2bEvents).where(and(eq(b2bEvents.id, id), eq(b2bEvents.published, true))).limit(1)
  return row
}

export async function insertRequest(tx: Tx, row: typeof b2bRequests.$inferInsert) {
  const [inserted] = await tx.insert(b2bRequests).values(row).returning({ id: b2bRequests.id })
  return inserted?.id ?? 0
}

/** A second registration with the same e-mail keeps the first seat (and sends no second mail). */
export async function insertRegistration(tx: Tx, row: typeof b2bEventRegistrations.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(b2bEventRegistrations)
    .values(row)
    .onConflictDoNothing({ target: [b2bEventRegistrations.eventId, b2bEventRegistrations.email] })
    .returning({ id: b2bEventRegistrations.id })
  return inserted.length > 0
}
