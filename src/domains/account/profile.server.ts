import 'server-only'
import type { z } from 'zod'
import { db } from '@/db/client'
import type { AjaxContext } from '@/lib/ajax'
import { Refusal } from '@/lib/refusal'
import { now } from '@/lib/clock'
import { formatPhone, isValidPhone, phoneDigits } from '@/lib/phone'
import { ACCOUNT_MESSAGES as M, isBirthdayLocked, normalizeEmail, parseBirthday, todayInMoscow } from './account'
import { addressesOf, lockUser, replaceAddresses, updateProfile, userByEmail } from './account.db'
import type { ownDataInput, ProfileInput, SubscribeLkInput } from './account.schema'
import { requireUser, type User } from './account.server'

/**
 * The personal account's calls. The id a page sends (userId, userid) never chooses the account:
 * the session's user is used, and a different id is answered 404 with nothing read or stored (S9).
 */
async function ownUser(ctx: AjaxContext, pageUserId: string | null): Promise<{ user: User; sessionRowId: number }> {
  const me = await requireUser(ctx)
  if (pageUserId !== null && pageUserId !== String(me.user.id)) throw new Refusal('not-found', M.notFound)
  return me
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** POST /ajax/change-lk/ */
export async function saveProfile(input: ProfileInput, ctx: AjaxContext): Promise<{ status: 'success'; message: string }> {
  const { user } = await ownUser(ctx, input.userId)
  const email = normalizeEmail(input.EMAIL)

  let phone = ''
  if (input.PERSONAL_PHONE && input.PERSONAL_PHONE.replace(/\D/g, '') !== '7') {
    if (!isValidPhone(input.PERSONAL_PHONE)) throw new Refusal('invalid', M.phone)
    phone = formatPhone(phoneDigits(input.PERSONAL_PHONE))
  }

  let birthday: string | null | undefined
  if (input.BIRTHDATE) {
    birthday = parseBirthday(input.BIRTHDATE)
    if (!birthday) throw new Refusal('invalid', M.birthdayInvalid)
    if (birthday > todayInMoscow(now())) throw new Refusal('invalid', M.birthdayFuture)
  }

  if (email !== user.email && (await userByEmail(db(), email))) throw new Refusal('invalid', M.emailTakenProfile)

  try {
    await db().transaction(async (tx) => {
      const row = await lockUser(tx, user.id)
      if (!row) throw new Refusal('forbidden', M.notSignedIn)
      const birthdayChanges = birthday !== undefined && birthday !== row.birthday
      if (birthdayChanges && isBirthdayLocked(row.birthdayChangeCount)) throw new Refusal('forbidden', M.birthdayLocked)
      await updateProfile(tx, user.id, {
        name: input.NAME,
        email,
        phone,
        subscribed: input.SUBSCRIBED,
        ...(birthdayChanges ? { birthday, birthdayChangeCount: row.birthdayChangeCount + 1 } : {}),
      })
      await replaceAddresses(tx, user.id, input.ADDRESSES)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal('invalid', M.emailTakenProfile)
    throw error
  }
  return { status: 'success', message: M.profileSaved }
}

/** POST /ajax/get-address/ */
export async function getAddresses(input: z.output<typeof ownDataInput>, ctx: AjaxContext): Promise<{ addresses: string[] }> {
  const { user } = await ownUser(ctx, input.userId)
  return { addresses: await addressesOf(db(), user.id) }
}

/** POST /ajax/get-subscribed/ */
export async function getSubscribed(input: z.output<typeof ownDataInput>, ctx: AjaxContext): Promise<{ subscribed: 'Y' | 'N' }> {
  const { user } = await ownUser(ctx, input.userId)
  return { subscribed: user.subscribed ? 'Y' : 'N' }
}

/** POST /ajax/subscribelk/: isSubscribed is the new state (the page sends the inverse of the old one). */
export async function subscribeLk(input: SubscribeLkInput, ctx: AjaxContext): Promise<{ subscribed: 'Y' | 'N' }> {
  const { user } = await ownUser(ctx, input.userid)
  await updateProfile(db(), user.id, { subscribed: input.isSubscribed })
  return { subscribed: input.isSubscribed ? 'Y' : 'N' }
}

export async function addressesOfUser(userId: number): Promise<string[]> {
  return addressesOf(db(), userId)
}
