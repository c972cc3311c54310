import 'server-only'
import type { z } from 'zod'
import { db } from '@/db/client'
import { enqueueMail } from '@/domains/mail/mail.server'
import type { AjaxContext } from '@/lib/ajax'
import { Refusal } from '@/lib/refusal'
import { now } from '@/lib/clock'
import { ACCOUNT_MESSAGES as M, normalizeEmail } from './account'
import { consumePasswordToken, endOtherSessions, retireUserTokens, setPasswordHash, userByEmail, userById, validPasswordToken } from './account.db'
import type { ChangePasswordInput, forgotPasswordInput, resetPasswordInput } from './account.schema'
import { issuePasswordLink, passwordLinkMail, requireUser, signInWithin, tokenHash } from './account.server'
import { hashPassword, verifyPassword } from './password-hash.server'
import { allowAttempt, attemptSucceeded } from './throttle.server'

/**
 * POST /ajax/change-lk-password/: the current password is required (S4) and guessed no faster than
 * a login; on success every other session of the account ends.
 */
export async function changePassword(input: ChangePasswordInput, ctx: AjaxContext): Promise<{ status: 'success'; message: string }> {
  const { user, sessionRowId } = await requireUser(ctx)
  if (!(await allowAttempt(db(), [['passwordCheck', user.id]]))) throw new Refusal('limited', M.tooMany)
  const row = await userById(db(), user.id)
  const ok = row?.passwordHash ? await verifyPassword(input.oldPassword, row.passwordHash) : false
  if (!ok) throw new Refusal('forbidden', M.changeOldWrong)
  await attemptSucceeded(db(), ['passwordCheck', user.id])
  const passwordHash = await hashPassword(input.newPassword)
  await db().transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash)
    await endOtherSessions(tx, user.id, sessionRowId)
    await retireUserTokens(tx, user.id, now())
  })
  return { status: 'success', message: M.changeDone }
}

/**
 * Recovery request: the same answer whether or not the e-mail has an account, and at most a few mails
 * per e-mail and hour, so the form can neither probe accounts nor flood a mailbox.
 */
export async function requestRecovery(input: z.output<typeof forgotPasswordInput>, ctx: AjaxContext): Promise<{ status: 'success'; message: string }> {
  if (!(await allowAttempt(db(), [['recoveryIp', ctx.ip]]))) throw new Refusal('limited', M.tooMany)
  const email = normalizeEmail(input.EMAIL)
  const user = await userByEmail(db(), email)
  if (user && (await allowAttempt(db(), [['recoveryEmail', email]]))) {
    await db().transaction(async (tx) => {
      const link = await issuePasswordLink(tx, user.id, 'reset')
      await enqueueMail(tx, passwordLinkMail(user.email, user.name, link, 'reset'))
    })
  }
  return { status: 'success', message: M.recoverySent }
}

export async function isPasswordLinkValid(token: string): Promise<boolean> {
  if (!token || token.length > 100) return false
  return validPasswordToken(db(), tokenHash(token), now())
}

/**
 * A new password from a mailed link: the link works once and only until it expires; every session
 * of the account ends, then this visitor is signed in.
 */
export async function resetPassword(input: z.output<typeof resetPasswordInput>, ctx: AjaxContext): Promise<{ status: 'success'; message: string }> {
  const hash = tokenHash(input.token)
  if (!(await validPasswordToken(db(), hash, now()))) throw new Refusal('invalid', M.tokenInvalid)
  const passwordHash = await hashPassword(input.PASS)
  const cookieId = await db().transaction(async (tx) => {
    const token = await consumePasswordToken(tx, hash, now())
    if (!token) throw new Refusal('invalid', M.tokenInvalid)
    await setPasswordHash(tx, token.userId, passwordHash)
    await retireUserTokens(tx, token.userId, now())
    await endOtherSessions(tx, token.userId, null)
    return signInWithin(tx, ctx.sessionId, token.userId)
  })
  ctx.replaceSession(cookieId)
  return { status: 'success', message: M.passwordSet }
}
