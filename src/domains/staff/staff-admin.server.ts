import 'server-only'
import { db } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import { now } from '@/lib/clock'
import { Refusal } from '@/lib/refusal'
import { STAFF_ROLES, type Actor, type StaffRole } from './permissions'
import { allApiTokens, allStaff, deleteSessionsOf, insertApiToken, insertStaff, revokeApiToken, staffById, updateStaff, type StaffRow } from './staff.db'
import { newApiSecret, passwordLinkFor } from './staff-auth.server'
import { acceptedTotpStep } from './totp'

export const STAFF_ADMIN_MESSAGES = {
  emailTaken: 'Сотрудник с таким e-mail уже есть.',
  notFound: 'Сотрудник не найден.',
  lastOwner: 'В магазине должен остаться хотя бы один активный владелец.',
  tokenNotFound: 'Токен не найден или уже отозван.',
  codeWrong: 'Код не подошёл: проверьте время на телефоне и введите новый код.',
} as const

/** What the back office shows of a staff member: never the hashes or the TOTP secret. */
export function publicStaff(row: StaffRow) {
  return { id: row.id, email: row.email, name: row.name, role: row.role, active: row.active, totp: row.totpSecret !== null, createdAt: row.createdAt.toISOString() }
}
export type PublicStaff = ReturnType<typeof publicStaff>

export async function staffList(): Promise<PublicStaff[]> {
  return (await allStaff(db())).map(publicStaff)
}

/** A new staff member gets a one-time link to set a password; the owner passes it on or it is mailed. */
export async function inviteStaff(actor: Actor, input: { email: string; name: string; role: StaffRole }): Promise<{ member: PublicStaff; link: string }> {
  const email = input.email.trim().toLowerCase()
  const row = await db().transaction(async (tx) => {
    const inserted = await insertStaff(tx, { email, name: input.name.trim(), role: input.role })
    if (!inserted) throw new Refusal('conflict', STAFF_ADMIN_MESSAGES.emailTaken)
    await recordChange(tx, actor, { objectType: 'staff', objectId: inserted.id, action: 'create', after: publicStaff(inserted) })
    return inserted
  })
  return { member: publicStaff(row), link: await passwordLinkFor(row.id) }
}

/**
 * Role, name and access change here. The last active owner can neither lose the role nor be switched
 * off, so the shop never locks itself out; whoever is switched off loses their sessions at once.
 */
export async function changeStaff(actor: Actor, id: number, patch: { name?: string | undefined; role?: StaffRole | undefined; active?: boolean | undefined }): Promise<PublicStaff> {
  return db().transaction(async (tx) => {
    const before = await staffById(tx, id)
    if (!before) throw new Refusal('not-found', STAFF_ADMIN_MESSAGES.notFound)
    const losesOwner = before.role === 'owner' && before.active && ((patch.role !== undefined && patch.role !== 'owner') || patch.active === false)
    if (losesOwner) {
      const owners = (await allStaff(tx)).filter((m) => m.role === 'owner' && m.active)
      if (owners.length <= 1) throw new Refusal('conflict', STAFF_ADMIN_MESSAGES.lastOwner)
    }
    const after = await updateStaff(tx, id, { ...(patch.name !== undefined ? { name: patch.name.trim() } : {}), ...(patch.role ? { role: patch.role } : {}), ...(patch.active !== undefined ? { active: patch.active } : {}) })
    if (!after) throw new Refusal('not-found', STAFF_ADMIN_MESSAGES.notFound)
    if (patch.active === false || (patch.role && patch.role !== before.role)) await deleteSessionsOf(tx, id)
    await recordChange(tx, actor, { objectType: 'staff', objectId: id, action: 'update', before: publicStaff(before), after: publicStaff(after) })
    return publicStaff(after)
  })
}

export async function resetLinkFor(actor: Actor, id: number): Promise<{ link: string }> {
  const member = await staffById(db(), id)
  if (!member) throw new Refusal('not-found', STAFF_ADMIN_MESSAGES.notFound)
  await recordChange(db(), actor, { objectType: 'staff', objectId: id, action: 'password-link' })
  return { link: await passwordLinkFor(id) }
}

/** Turns the second factor on for oneself: the secret is kept only once a code from it is right. */
export async function enableTotp(actor: Actor, secret: string, code: string): Promise<void> {
  const step = acceptedTotpStep(secret, code.trim(), now(), null)
  if (step === null) throw new Refusal('invalid', STAFF_ADMIN_MESSAGES.codeWrong)
  await db().transaction(async (tx) => {
    await updateStaff(tx, actor.id, { totpSecret: secret, totpLastStep: step })
    await recordChange(tx, actor, { objectType: 'staff', objectId: actor.id, action: 'totp-on' })
  })
}

export async function disableTotp(actor: Actor, id: number): Promise<void> {
  await db().transaction(async (tx) => {
    const row = await updateStaff(tx, id, { totpSecret: null, totpLastStep: null })
    if (!row) throw new Refusal('not-found', STAFF_ADMIN_MESSAGES.notFound)
    await recordChange(tx, actor, { objectType: 'staff', objectId: id, action: 'totp-off' })
  })
}

export function publicToken(row: Awaited<ReturnType<typeof allApiTokens>>[number]) {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }
}

export async function apiTokenList() {
  return (await allApiTokens(db())).map(publicToken)
}

/** The secret is in this answer and nowhere else: only its digest is stored. */
export async function createApiToken(actor: Actor, input: { name: string; role: StaffRole }) {
  const { secret, hash } = newApiSecret()
  return db().transaction(async (tx) => {
    const row = await insertApiToken(tx, { name: input.name.trim(), role: input.role, tokenHash: hash, createdBy: actor.kind === 'staff' ? actor.id : null })
    if (!row) throw new Error('token not stored')
    await recordChange(tx, actor, { objectType: 'api-token', objectId: row.id, action: 'create', after: publicToken(row) })
    return { token: publicToken(row), secret }
  })
}

export async function revokeToken(actor: Actor, id: number) {
  return db().transaction(async (tx) => {
    const row = await revokeApiToken(tx, id, now())
    if (!row) throw new Refusal('not-found', STAFF_ADMIN_MESSAGES.tokenNotFound)
    await recordChange(tx, actor, { objectType: 'api-token', objectId: id, action: 'revoke' })
    return publicToken(row)
  })
}

export { STAFF_ROLES }
