import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import { db as defaultDb, type Db, type Tx } from '@/db/client'
import { currentSession } from '@/domains/session/current-session.server'
import { findSession, rotateSession } from '@/domains/session/session.server'
import { enqueueMail } from '@/domains/mail/mail.server'
import type { AjaxContext } from '@/lib/ajax'
import { Refusal } from '@/lib/refusal'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { formatPhone, isValidPhone, phoneDigits } from '@/lib/phone'
import { ACCOUNT_MESSAGES as M, NAME_MAX, normalizeEmail, stripName } from './account'
import { insertPasswordToken, insertUser, userByEmail, userById, type UserRow } from './account.db'
import { mergeGuestIntoUser } from './guest-merge.server'
import { mergeRecentlyViewedIntoAccount } from '@/domains/recently-viewed/recently-viewed.server'

/** The signed-in person as pages and other domains see it (never the password hash). */
export interface User {
  id: number
  email: string
  name: string
  phone: string
  /** 'YYYY-MM-DD' */
  birthday: string | null
  birthdayChangeCount: number
  subscribed: boolean
  /** false for an account created after an order whose owner has not set a password yet */
  hasPassword: boolean
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    birthday: row.birthday,
    birthdayChangeCount: row.birthdayChangeCount,
    subscribed: row.subscribed,
    hasPassword: row.passwordHash !== null,
  }
}

/** For route handlers: the user behind the cookie's session id, or null for a guest. */
export async function userForSession(db: Db | Tx, cookieSessionId: string): Promise<User | null> {
  const session = await findSession(db, cookieSessionId)
  if (!session?.userId) return null
  const row = await userById(db, session.userId)
  return row ? toUser(row) : null
}

/** For server components of per-visitor pages. */
export async function currentUser(): Promise<User | null> {
  const session = await currentSession()
  if (!session?.userId) return null
  const row = await userById(defaultDb(), session.userId)
  return row ? toUser(row) : null
}

/** The signed-in user and their session row, or 403 for a guest. */
export async function requireUser(ctx: AjaxContext): Promise<{ user: User; sessionRowId: number }> {
  const session = await findSession(defaultDb(), ctx.sessionId)
  const row = session?.userId ? await userById(defaultDb(), session.userId) : null
  if (!session || !row) throw new Refusal('forbidden', M.notSignedIn)
  return { user: toUser(row), sessionRowId: session.id }
}

/**
 * Signs the visitor in as `userId` inside `tx`: the session gets a new id (the pre-login id is
 * worthless afterwards, S2) and the guest's basket and favourites join the account (R9).
 * Returns the new cookie id; the caller hands it to the browser after the commit.
 */
export async function signInWithin(tx: Tx, cookieSessionId: string, userId: number): Promise<string> {
  const { cookieId, session } = await rotateSession(tx, cookieSessionId, { userId })
  await mergeGuestIntoUser(tx, session.id, userId)
  await mergeRecentlyViewedIntoAccount(tx, session.id, userId)
  return cookieId
}

/** Sign-in as one transaction, cookies set on the answer. */
export async function signIn(ctx: AjaxContext, userId: number, before?: (tx: Tx) => Promise<void>): Promise<void> {
  const cookieId = await defaultDb().transaction(async (tx) => {
    await before?.(tx)
    return signInWithin(tx, ctx.sessionId, userId)
  })
  ctx.replaceSession(cookieId)
}

// --- password links ---------------------------------------------------------------------------

export const RESET_LINK_TTL_MS = 60 * 60 * 1000
export const SET_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A fresh single-use link; only its hash is stored. */
export async function issuePasswordLink(db: Db | Tx, userId: number, purpose: 'reset' | 'set'): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const ttl = purpose === 'reset' ? RESET_LINK_TTL_MS : SET_LINK_TTL_MS
  await insertPasswordToken(db, { userId, tokenHash: tokenHash(token), purpose, expiresAt: new Date(now().getTime() + ttl) })
  return `${env().PUBLIC_URL.replace(/\/$/, '')}/personal/?change_password=yes&token=${token}`
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function passwordLinkMail(to: string, name: string, link: string, purpose: 'reset' | 'set') {
  const hello = name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'
  const why =
    purpose === 'reset'
      ? 'Вы запросили восстановление пароля в интернет-магазине. Чтобы задать новый пароль, перейдите по ссылке (она действует 1 час и только один раз):'
      : 'Для вас создан личный кабинет в интернет-магазине, где видны ваши заказы. Чтобы задать пароль, перейдите по ссылке (она действует 7 дней и только один раз):'
  const tail = purpose === 'reset' ? 'Если вы не запрашивали восстановление, просто проигнорируйте это письмо.' : 'Пароль мы никогда не присылаем в письмах.'
  return {
    to,
    subject: purpose === 'reset' ? 'Восстановление пароля' : 'Ваш личный кабинет: задайте пароль',
    text: `${hello}\n\n${why}\n${link}\n\n${tail}\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(why)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(tail)}</p>`,
  }
}

// --- for the checkout --------------------------------------------------------------------------

export interface AutoRegistration {
  userId: number
  created: boolean
}

/**
 * Account for a guest who ordered (S5). A new e-mail gets a password-less account and a mail with a
 * single-use link to set a password (never a password in the mail). An e-mail that already has an
 * account returns that account with created: false, and the caller must NOT sign the guest in:
 * knowing someone's e-mail is not a login.
 */
export async function registerAfterOrder(
  tx: Tx,
  input: { email: string; name: string; phone: string; subscribe: boolean },
): Promise<AutoRegistration> {
  const email = normalizeEmail(input.email)
  const existing = await userByEmail(tx, email)
  if (existing) return { userId: existing.id, created: false }
  const phone = isValidPhone(input.phone) ? formatPhone(phoneDigits(input.phone)) : ''
  const name = stripName(input.name).trim().slice(0, NAME_MAX)
  const user = await insertUser(tx, { email, name, phone, passwordHash: null, subscribed: input.subscribe })
  if (!user) {
    // Another transaction registered this e-mail a moment ago: it is an existing account now.
    const other = await userByEmail(tx, email)
    if (!other) throw new Error('user vanished after a unique conflict')
    return { userId: other.id, created: false }
  }
  const link = await issuePasswordLink(tx, user.id, 'set')
  await enqueueMail(tx, { ...passwordLinkMail(email, name, link, 'set'), dedupeKey: `account-set-password:${user.id}` })
  return { userId: user.id, created: true }
}

/**
 * Signs the guest into an account that `registerAfterOrder` has just CREATED (R9 merge, S2 rotation).
 * For an existing account it does nothing and returns null (S5). Call `ctx.replaceSession(id)` with
 * the returned id after the transaction commits.
 */
export async function signInCreatedUser(tx: Tx, cookieSessionId: string, registration: AutoRegistration): Promise<string | null> {
  if (!registration.created) return null
  return signInWithin(tx, cookieSessionId, registration.userId)
}
