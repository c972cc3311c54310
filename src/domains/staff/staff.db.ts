import 'server-only'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { apiTokens, staff, staffPasswordTokens, staffSessions, type StaffRole } from '@/db/schema/staff'

export type StaffRow = typeof staff.$inferSelect

export async function staffByEmail(q: Db | Tx, email: string): Promise<StaffRow | undefined> {
  const [row] = await q.select().from(staff).where(eq(staff.email, email))
  return row
}

export async function staffById(q: Db | Tx, id: number): Promise<StaffRow | undefined> {
  const [row] = await q.select().from(staff).where(eq(staff.id, id))
  return row
}

export async function allStaff(q: Db | Tx): Promise<StaffRow[]> {
  return q.select().from(staff).orderBy(staff.id)
}

export async function insertStaff(q: Db | Tx, values: { email: string; name: string; role: StaffRole; passwordHash?: string | null }): Promise<StaffRow | undefined> {
  const [row] = await q.insert(staff).values(values).onConflictDoNothing({ target: staff.email }).returning()
  return row
}

export async function updateStaff(q: Db | Tx, id: number, values: Partial<Pick<StaffRow, 'name' | 'role' | 'active' | 'passwordHash' | 'totpSecret' | 'totpLastStep'>>): Promise<StaffRow | undefined> {
  const [row] = await q.update(staff).set(values).where(eq(staff.id, id)).returning()
  return row
}

/** Takes the TOTP step only if it is later than the last one taken: two requests with one code, one wins. */
export async function claimTotpStep(q: Db | Tx, id: number, step: number): Promise<boolean> {
  const rows = await q
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, id), sql`coalesce(${staff.totpLastStep}, -1) < ${step}`))
    .returning({ id: staff.id })
  return rows.length === 1
}

export async function insertStaffSession(q: Db | Tx, staffId: number, tokenHash: string, at: Date): Promise<void> {
  await q.insert(staffSessions).values({ staffId, tokenHash, createdAt: at, lastSeenAt: at })
}

export async function sessionWithStaff(q: Db | Tx, tokenHash: string) {
  const [row] = await q
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash))
  return row
}

export async function touchStaffSession(q: Db | Tx, id: number, at: Date): Promise<void> {
  await q.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id))
}

export async function deleteStaffSession(q: Db | Tx, tokenHash: string): Promise<void> {
  await q.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash))
}

export async function deleteSessionsOf(q: Db | Tx, staffId: number): Promise<void> {
  await q.delete(staffSessions).where(eq(staffSessions.staffId, staffId))
}

export async function deleteStaleSessions(q: Db | Tx, idleBefore: Date): Promise<void> {
  await q.delete(staffSessions).where(lt(staffSessions.lastSeenAt, idleBefore))
}

export async function insertPasswordToken(q: Db | Tx, staffId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await q.insert(staffPasswordTokens).values({ staffId, tokenHash, expiresAt })
}

/** Marks the token used and gives its staff id, once: a second use finds nothing. */
export async function usePasswordToken(q: Db | Tx, tokenHash: string, at: Date): Promise<number | undefined> {
  const [row] = await q
    .update(staffPasswordTokens)
    .set({ usedAt: at })
    .where(and(eq(staffPasswordTokens.tokenHash, tokenHash), isNull(staffPasswordTokens.usedAt), gt(staffPasswordTokens.expiresAt, at)))
    .returning({ staffId: staffPasswordTokens.staffId })
  return row?.staffId
}

export async function apiTokenByHash(q: Db | Tx, tokenHash: string) {
  const [row] = await q
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
  return row
}

export async function allApiTokens(q: Db | Tx) {
  return q.select().from(apiTokens).orderBy(apiTokens.id)
}

export async function insertApiToken(q: Db | Tx, values: { name: string; role: StaffRole; tokenHash: string; createdBy: number | null }) {
  const [row] = await q.insert(apiTokens).values(values).returning()
  return row
}

export async function revokeApiToken(q: Db | Tx, id: number, at: Date) {
  const [row] = await q
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning()
  return row
}

export async function touchApiToken(q: Db | Tx, id: number, at: Date): Promise<void> {
  await q.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id))
}
