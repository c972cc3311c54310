import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { queryRows } from '@/db/rows'
import {
  authThrottle,
  basketLines,
  deliveryServices,
  favorites,
  offers,
  passwordTokens,
  sessions,
  socialIdentities,
  userAddresses,
  users,
} from '@/db/schema'

export type UserRow = typeof users.$inferSelect

export async function userById(db: Db | Tx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  return row ?? null
}

export async function userByEmail(db: Db | Tx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email))
  return row ?? null
}

/** Inserts unless the e-mail exists; null then (the unique index decides under concurrency). */
export async function insertUser(
  db: Db | Tx,
  values: { email: string; name: string; phone?: string; passwordHash: string | null; subscribed: boolean },
): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning()
  return row ?? null
}

export async function setPasswordHash(db: Db | Tx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
}

export async function updateProfile(
  db: Db | Tx,
  userId: number,
  values: Partial<Pick<UserRow, 'name' | 'email' | 'phone' | 'birthday' | 'birthdayChangeCount' | 'subscribed'>>,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId))
}

/** Locks the user's row for the rest of the transaction: merges and profile saves run one at a time. */
export async function lockUser(tx: Tx, userId: number): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
  return row ?? null
}

/** Ends every session of the user except `keepSessionId` (password changed elsewhere). */
export async function endOtherSessions(db: Db | Tx, userId: number, keepSessionId: number | null): Promise<number> {
  const where = keepSessionId === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
  const rows = await db.delete(sessions).where(where).returning({ id: sessions.id })
  return rows.length
}

export async function addressesOf(db: Db | Tx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ address: userAddresses.address })
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(asc(userAddresses.position))
  return rows.map((r) => r.address)
}

export async function replaceAddresses(tx: Tx, userId: number, addresses: readonly string[]): Promise<void> {
  await tx.delete(userAddresses).where(eq(userAddresses.userId, userId))
  if (addresses.length > 0) {
    await tx.insert(userAddresses).values(addresses.map((address, position) => ({ userId, position, address })))
  }
}

// --- password tokens -------------------------------------------------------------------------

export async function insertPasswordToken(
  db: Db | Tx,
  values: { userId: number; tokenHash: string; purpose: 'reset' | 'set'; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordTokens).values(values)
}

/** Marks the token used, once: a second use (or a concurrent one) finds nothing. */
export async function consumePasswordToken(tx: Tx, tokenHash: string, at: Date): Promise<{ userId: number } | null> {
  const [row] = await tx
    .update(passwordTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), sql`${passwordTokens.expiresAt} > ${at.toISOString()}::timestamptz`))
    .returning({ userId: passwordTokens.userId })
  return row ?? null
}

export async function validPasswordToken(db: Db | Tx, tokenHash: string, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordTokens.id })
    .from(passwordTokens)
    .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), sql`${passwordTokens.expiresAt} > ${at.toISOString()}::timestamptz`))
  return Boolean(row)
}

/** Older links die when a password is set, so only the newest mail works. */
export async function retireUserTokens(db: Db | Tx, userId: number, at: Date): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)))
}

// --- throttling -------------------------------------------------------------------------------

export interface ThrottlePolicy {
  /** Attempts inside a window that are never delayed (at least 1). */
  free: number
  windowSeconds: number
  maxDelaySeconds: number
  /** A fixed quota instead of growing delays: nothing more after `free` until the window ends. */
  hard?: boolean
}

/**
 * Counts one attempt under `key` in a single statement, so concurrent attempts cannot all slip
 * through: the row is locked by the upsert and a blocked row is not updated at all (no row back).
 * After the free attempts, each allowed attempt blocks the key for 1, 2, 4 … seconds.
 */
export async function takeAttempt(db: Db | Tx, key: string, policy: ThrottlePolicy, at: Date): Promise<boolean> {
  const t = at.toISOString()
  const expired = sql`auth_throttle.window_started_at <= ${t}::timestamptz - make_interval(secs => ${policy.windowSeconds})`
  const next = sql`(case when ${expired} then 1 else auth_throttle.attempts + 1 end)`
  const rows = await queryRows<{ attempts: number }>(
    db,
    sql`insert into auth_throttle (key, attempts, window_started_at, blocked_until)
        values (${key}, 1, ${t}::timestamptz, null)
        on conflict (key) do update set
          attempts = ${next},
          window_started_at = case when ${expired} then ${t}::timestamptz else auth_throttle.window_started_at end,
          blocked_until = case when ${next} > ${policy.free}
            then ${t}::timestamptz + make_interval(secs => least(${policy.maxDelaySeconds}::float8, power(2, least(30, ${next} - ${policy.free} - 1))))
            else null end
        where auth_throttle.blocked_until is null or auth_throttle.blocked_until <= ${t}::timestamptz
        returning attempts`,
  )
  const attempts = rows[0]?.attempts
  if (attempts === undefined) return false
  return !policy.hard || attempts <= policy.free
}

export async function clearAttempts(db: Db | Tx, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key))
}

/** A successful attempt is taken back from a shared counter (an office behind one IP). */
export async function giveBackAttempt(db: Db | Tx, key: string): Promise<void> {
  await db
    .update(authThrottle)
    .set({ attempts: sql`greatest(${authThrottle.attempts} - 1, 0)` })
    .where(eq(authThrottle.key, key))
}

// --- social identities ------------------------------------------------------------------------

export async function userIdBySocial(db: Db | Tx, network: string, uid: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: socialIdentities.userId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.network, network), eq(socialIdentities.uid, uid)))
  return row?.userId ?? null
}

export async function linkSocial(db: Db | Tx, userId: number, network: string, uid: string): Promise<void> {
  await db.insert(socialIdentities).values({ userId, network, uid }).onConflictDoNothing()
}

// --- guest basket and favourites (R9) --------------------------------------------------------

export interface GuestLine {
  id: number
  offerId: number
  quantity: number
  stock: number | null
}

export async function guestLines(tx: Tx, sessionId: number): Promise<GuestLine[]> {
  return tx
    .select({ id: basketLines.id, offerId: basketLines.offerId, quantity: basketLines.quantity, stock: offers.stock })
    .from(basketLines)
    .innerJoin(offers, eq(offers.id, basketLines.offerId))
    .where(eq(basketLines.sessionId, sessionId))
    .orderBy(asc(basketLines.id))
}

export async function userLineFor(tx: Tx, userId: number, offerId: number): Promise<{ id: number; quantity: number } | null> {
  const [row] = await tx
    .select({ id: basketLines.id, quantity: basketLines.quantity })
    .from(basketLines)
    .where(and(eq(basketLines.userId, userId), eq(basketLines.offerId, offerId)))
  return row ?? null
}

export async function setLineQuantity(tx: Tx, lineId: number, quantity: number, at: Date): Promise<void> {
  await tx.update(basketLines).set({ quantity, updatedAt: at }).where(eq(basketLines.id, lineId))
}

export async function deleteLine(tx: Tx, lineId: number): Promise<void> {
  await tx.delete(basketLines).where(eq(basketLines.id, lineId))
}

export async function giveLineToUser(tx: Tx, lineId: number, userId: number, quantity: number, at: Date): Promise<void> {
  await tx.update(basketLines).set({ sessionId: null, userId, quantity, updatedAt: at }).where(eq(basketLines.id, lineId))
}

/** The naive merge, kept only as the negative control of the R9 test: conflicting lines are lost. */
export async function naiveMoveLines(tx: Tx, sessionId: number, userId: number): Promise<void> {
  await tx.execute(sql`update basket_lines set session_id = null, user_id = ${userId}
    where session_id = ${sessionId}
      and offer_id not in (select offer_id from basket_lines where user_id = ${userId})`)
  await tx.delete(basketLines).where(eq(basketLines.sessionId, sessionId))
}

export async function moveFavorites(tx: Tx, sessionId: number, userId: number): Promise<void> {
  await tx.execute(sql`insert into favorites (user_id, product_id, created_at)
    select ${userId}, product_id, created_at from favorites where session_id = ${sessionId}
    on conflict do nothing`)
  await tx.delete(favorites).where(eq(favorites.sessionId, sessionId))
}

// --- order history: delivery kinds (the delivery domain exposes no lookup by id) -------------

/** Delivery services by id, as order history needs them: the kind and the carrier's code. */
export async function deliveryKinds(db: Db | Tx): Promise<Map<string, { type: string; code: string }>> {
  const rows = await db.select({ id: deliveryServices.id, type: deliveryServices.type, code: deliveryServices.code }).from(deliveryServices)
  return new Map(rows.map((r) => [String(r.id), { type: r.type, code: r.code }]))
}
