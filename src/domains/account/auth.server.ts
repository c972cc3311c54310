import 'server-only'
import { db } from '@/db/client'
import { endSession } from '@/domains/session/session.server'
import type { AjaxContext } from '@/lib/ajax'
import { Refusal } from '@/lib/refusal'
import { newSessionId } from '@/lib/session'
import { ACCOUNT_MESSAGES as M, EMAIL_MAX, PASSWORD_MAX, normalizeEmail } from './account'
import { insertUser, userByEmail } from './account.db'
import type { AuthInput, RegisterInput } from './account.schema'
import { signIn, signInWithin } from './account.server'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hash.server'
import { allowAttempt, attemptSucceeded } from './throttle.server'

/**
 * POST /ajax/auth/. Throttling comes first (S3): a blocked account or IP is refused before any hash is
 * computed. An unknown e-mail and a wrong password get the same 403 after the same amount of work.
 */
export async function login(input: AuthInput, ctx: AjaxContext): Promise<{ status: 'success' }> {
  const login = input.LOGIN_OR_EMAIL.trim()
  const password = input.PASS
  if (!login || !password) throw new Refusal('invalid', M.loginEmpty)
  const email = normalizeEmail(login).slice(0, EMAIL_MAX + 1)
  if (!(await allowAttempt(db(), [['loginIp', ctx.ip], ['loginAccount', email]]))) throw new Refusal('limited', M.tooMany)

  const user = email.length <= EMAIL_MAX ? await userByEmail(db(), email) : null
  const candidate = password.slice(0, PASSWORD_MAX + 1)
  const ok =
    user?.passwordHash && candidate.length <= PASSWORD_MAX
      ? await verifyPassword(candidate, user.passwordHash)
      : await verifyAgainstDummy(candidate)
  if (!ok || !user) throw new Refusal('forbidden', M.loginWrong)

  await attemptSucceeded(db(), ['loginAccount', email], ['loginIp', ctx.ip])
  await signIn(ctx, user.id)
  return { status: 'success' }
}

/** POST /ajax/register/: a new account, signed in at once with the guest's basket merged. */
export async function register(input: RegisterInput, ctx: AjaxContext): Promise<{ status: 'success' }> {
  if (!(await allowAttempt(db(), [['registerIp', ctx.ip]]))) throw new Refusal('limited', M.registerTooMany)
  const email = normalizeEmail(input.EMAIL)
  // Checked before hashing so a taken e-mail costs nothing; the unique index decides a race.
  if (await userByEmail(db(), email)) throw new Refusal('invalid', M.emailTaken)
  const passwordHash = await hashPassword(input.PASS)
  const cookieId = await db().transaction(async (tx) => {
    const user = await insertUser(tx, { email, name: input.NAME, passwordHash, subscribed: input.IS_SUBSCRIBE })
    if (!user) throw new Refusal('invalid', M.emailTaken)
    return signInWithin(tx, ctx.sessionId, user.id)
  })
  ctx.replaceSession(cookieId)
  return { status: 'success' }
}

/** POST /ajax/logout/: the session id rotates and no longer belongs to the account (S2). */
export async function logout(_input: unknown, ctx: AjaxContext): Promise<{ status: 'success' }> {
  // A new row, not the old one cleared: whoever uses this browser next must not inherit what the
  // signed-in session placed or stored (orders are found by their session for guests).
  await endSession(db(), ctx.sessionId)
  ctx.replaceSession(newSessionId())
  return { status: 'success' }
}
