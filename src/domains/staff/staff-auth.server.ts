import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import { db } from '@/db/client'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '@/domains/account/password-hash.server'
import { allowAttempt, attemptSucceeded } from '@/domains/account/throttle.server'
import { SHOP } from '@/domains/layout/shop'
import { enqueueMail } from '@/domains/mail/mail.server'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { Refusal } from '@/lib/refusal'
import type { Actor } from './permissions'
import {
  apiTokenByHash,
  claimTotpStep,
  deleteSessionsOf,
  deleteStaffSession,
  insertPasswordToken,
  insertStaffSession,
  sessionWithStaff,
  staffByEmail,
  staffById,
  touchApiToken,
  touchStaffSession,
  updateStaff,
  usePasswordToken,
  type StaffRow,
} from './staff.db'
import { acceptedTotpStep } from './totp'

export const STAFF_MESSAGES = {
  wrong: 'Неверный e-mail или пароль.',
  codeWrong: 'Неверный код из приложения.',
  tooMany: 'Слишком много попыток. Попробуйте позже.',
  linkDead: 'Ссылка устарела или уже использована. Запросите новую.',
  resetSent: 'Если такой сотрудник есть, мы отправили ему ссылку для смены пароля.',
  passwordShort: 'Пароль — не короче 10 символов.',
} as const

export const STAFF_COOKIE = 'admin_session'
/** A back office left open on a shared computer closes itself. */
export const IDLE_MS = 30 * 60_000
export const MAX_SESSION_MS = 12 * 60 * 60_000
const TOUCH_EVERY_MS = 60_000
const LINK_LIFETIME_MS = 48 * 60 * 60_000
export const PASSWORD_MIN = 10

/** The development seed's owner; its password is in the README, so production refuses it (ADR 162). */
export const DEMO_OWNER_EMAIL = 'owner@example.ru'

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')
const newToken = () => randomBytes(32).toString('base64url')

export function actorOf(member: Pick<StaffRow, 'id' | 'name' | 'email' | 'role'>): Actor {
  return { kind: 'staff', id: member.id, name: member.name || member.email, role: member.role }
}

export type SignInResult = { status: 'signed-in'; token: string } | { status: 'code-needed' }

/**
 * Throttled like the buyers' login (S3), on keys of its own: a blocked staff e-mail or IP is refused
 * before any hash is computed; an unknown e-mail costs the same as a wrong password.
 */
export async function staffSignIn(input: { email: string; password: string; code?: string | undefined }, ip: string): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase()
  if (!(await allowAttempt(db(), [['loginIp', ip], ['loginAccount', `staff:${email}`]]))) throw new Refusal('limited', STAFF_MESSAGES.tooMany)
  const refused = env().mode === 'production' && email === DEMO_OWNER_EMAIL
  const member = refused ? undefined : await staffByEmail(db(), email)
  const ok = member?.passwordHash && member.active ? await verifyPassword(input.password, member.passwordHash) : await verifyAgainstDummy(input.password)
  if (!ok || !member) throw new Refusal('forbidden', STAFF_MESSAGES.wrong)

  if (member.totpSecret) {
    if (!input.code) return { status: 'code-needed' }
    const step = acceptedTotpStep(member.totpSecret, input.code.trim(), now(), member.totpLastStep)
    if (step === null || !(await claimTotpStep(db(), member.id, step))) throw new Refusal('forbidden', STAFF_MESSAGES.codeWrong)
  }
  await attemptSucceeded(db(), ['loginAccount', `staff:${email}`], ['loginIp', ip])
  const token = newToken()
  await insertStaffSession(db(), member.id, digest(token), now())
  return { status: 'signed-in', token }
}

/** The staff member behind a session cookie, or null when it is unknown, idle too long or too old. */
export async function staffFromSession(token: string | undefined): Promise<Actor | null> {
  if (!token || token.length > 100) return null
  const row = await sessionWithStaff(db(), digest(token))
  if (!row || !row.member.active) return null
  const at = now().getTime()
  const { session } = row
  if (at - session.lastSeenAt.getTime() > IDLE_MS || at - session.createdAt.getTime() > MAX_SESSION_MS) {
    await deleteStaffSession(db(), session.tokenHash)
    return null
  }
  if (at - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchStaffSession(db(), session.id, new Date(at))
  return actorOf(row.member)
}

export async function staffSignOut(token: string | undefined): Promise<void> {
  if (token) await deleteStaffSession(db(), digest(token))
}

/** An integration's bearer token: acts with the role the owner gave it until revoked. */
export async function actorFromApiToken(token: string): Promise<Actor | null> {
  if (token.length > 200) return null
  const row = await apiTokenByHash(db(), digest(token))
  if (!row) return null
  const at = now()
  if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) await touchApiToken(db(), row.id, at)
  return { kind: 'token', id: row.id, name: row.name, role: row.role }
}

/** A new API token's secret, shown once; only its digest is kept. */
export function newApiSecret(): { secret: string; hash: string } {
  const secret = `vm_${newToken()}`
  return { secret, hash: digest(secret) }
}

/** A one-time link to set a password: for a new staff member, a reset, or the first owner. */
export async function passwordLinkFor(staffId: number): Promise<string> {
  const token = newToken()
  await insertPasswordToken(db(), staffId, digest(token), new Date(now().getTime() + LINK_LIFETIME_MS))
  return `${env().PUBLIC_URL}/admin/password/?token=${token}`
}

/** The same answer whether or not the e-mail is a staff member's. */
export async function requestStaffPasswordReset(emailInput: string, ip: string): Promise<{ message: string }> {
  const email = emailInput.trim().toLowerCase()
  if (!(await allowAttempt(db(), [['recoveryIp', ip], ['recoveryEmail', `staff:${email}`]]))) throw new Refusal('limited', STAFF_MESSAGES.tooMany)
  const member = await staffByEmail(db(), email)
  if (member?.active) {
    const link = await passwordLinkFor(member.id)
    await enqueueMail(db(), {
      to: member.email,
      subject: `${SHOP.name}: смена пароля в панели управления`,
      text: `Здравствуйте!\n\nЧтобы задать новый пароль для входа в панель управления, откройте ссылку (она действует 48 часов):\n${link}\n\nЕсли вы не просили сменить пароль, ничего не делайте.`,
    })
  }
  return { message: STAFF_MESSAGES.resetSent }
}

/** Uses the link once; every open session of that member ends, so a stolen session dies with the old password. */
export async function setStaffPassword(token: string, password: string): Promise<void> {
  if (password.length < PASSWORD_MIN) throw new Refusal('invalid', STAFF_MESSAGES.passwordShort)
  const passwordHash = await hashPassword(password)
  await db().transaction(async (tx) => {
    const staffId = await usePasswordToken(tx, digest(token), now())
    if (!staffId) throw new Refusal('invalid', STAFF_MESSAGES.linkDead)
    await updateStaff(tx, staffId, { passwordHash })
    await deleteSessionsOf(tx, staffId)
  })
}

export async function staffMember(id: number): Promise<StaffRow | undefined> {
  return staffById(db(), id)
}

/** A staff account by e-mail, for a sign-in of its own (the 1С exchange's Basic auth, ADR 189). */
export async function staffAccount(email: string): Promise<StaffRow | undefined> {
  return staffByEmail(db(), email)
}
