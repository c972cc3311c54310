import { z } from 'zod'
import {
  ACCOUNT_MESSAGES as M,
  ADDRESS_MAX,
  EMAIL_MAX,
  MAX_ADDRESSES,
  NAME_MAX,
  PASSWORD_MAX,
  changePasswordProblem,
  isValidEmail,
  newPasswordProblem,
  registerProblem,
  stripName,
} from './account'

/**
 * One schema per call of the spec (section 7). Field names are the spec's. Ids the page sends
 * (userId, userid) are accepted for compatibility but never used to pick the account (S9).
 */

/** A text field: anything but a plain string (a list, a map) is refused with `message`. */
const text = (message: string, max = 10_000) =>
  z
    .string({ error: message })
    .max(max, { error: M.fieldLong })
    .optional()
    .transform((v) => v ?? '')

/** 'Y', 'true', 'on', '1' mean yes; anything else (or nothing) no. */
const flag = z
  .string({ error: M.generic })
  .max(10)
  .optional()
  .transform((v) => v === 'Y' || v === 'y' || v === 'true' || v === 'on' || v === '1')

/** A page-sent id: optional, digits only; used only to notice a foreign id (→ 404). */
const pageUserId = z
  .string({ error: M.notFound })
  .max(20, { error: M.notFound })
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? null : v.trim()))

export const authInput = z.object({
  LOGIN_OR_EMAIL: text(M.loginEmpty),
  PASS: text(M.loginEmpty),
})
export type AuthInput = z.infer<typeof authInput>

export const registerInput = z
  .object({
    EMAIL: text(M.email, EMAIL_MAX).transform((v) => v.trim()),
    PASS: text(M.passwordShort, PASSWORD_MAX),
    NAME: text(M.nameEmptyRegister, NAME_MAX * 2).transform((v) => stripName(v).trim()),
    IS_SUBSCRIBE: flag,
  })
  .superRefine((v, ctx) => {
    const problem = registerProblem({ email: v.EMAIL, name: v.NAME, password: v.PASS })
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field === 'password' ? 'PASS' : problem.field.toUpperCase()] })
  })
export type RegisterInput = z.infer<typeof registerInput>

export const changePasswordInput = z
  .object({
    oldPassword: text(M.changeAllRequired, PASSWORD_MAX),
    newPassword: text(M.changeAllRequired, PASSWORD_MAX),
  })
  .superRefine((v, ctx) => {
    const problem = changePasswordProblem(v.oldPassword, v.newPassword)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['newPassword'] })
  })
export type ChangePasswordInput = z.infer<typeof changePasswordInput>

/** ADDRESSES arrives as a JSON list of strings (spec 7). */
const addressesJson = z
  .string({ error: M.addressesBroken })
  .max(MAX_ADDRESSES * (ADDRESS_MAX + 10) + 200, { error: M.addressLong })
  .optional()
  .transform((raw, ctx): string[] => {
    if (raw === undefined || raw.trim() === '') return []
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      ctx.addIssue({ code: 'custom', message: M.addressesBroken })
      return z.NEVER
    }
    if (!Array.isArray(parsed) || parsed.some((a) => typeof a !== 'string')) {
      ctx.addIssue({ code: 'custom', message: M.addressesBroken })
      return z.NEVER
    }
    const rows = (parsed as string[]).map((a) => a.trim()).filter((a) => a !== '')
    if (rows.length > MAX_ADDRESSES) {
      ctx.addIssue({ code: 'custom', message: M.addressesTooMany })
      return z.NEVER
    }
    if (rows.some((a) => a.length > ADDRESS_MAX)) {
      ctx.addIssue({ code: 'custom', message: M.addressLong })
      return z.NEVER
    }
    return rows
  })

export const profileInput = z
  .object({
    NAME: text(M.nameEmptyProfile, NAME_MAX * 2).transform((v) => stripName(v).trim()),
    EMAIL: text(M.email, EMAIL_MAX).transform((v) => v.trim()),
    PERSONAL_PHONE: text(M.phone, 40).transform((v) => v.trim()),
    BIRTHDATE: text(M.birthdayInvalid, 20).transform((v) => v.trim()),
    ADDRESSES: addressesJson,
    SUBSCRIBED: flag,
    userId: pageUserId,
  })
  .superRefine((v, ctx) => {
    if (!v.NAME) ctx.addIssue({ code: 'custom', message: M.nameEmptyProfile, path: ['NAME'] })
    else if (v.NAME.length > NAME_MAX) ctx.addIssue({ code: 'custom', message: M.fieldLong, path: ['NAME'] })
    if (!isValidEmail(v.EMAIL)) ctx.addIssue({ code: 'custom', message: M.email, path: ['EMAIL'] })
  })
export type ProfileInput = z.infer<typeof profileInput>

export const ownDataInput = z.object({ userId: pageUserId })

export const subscribeLkInput = z.object({
  isSubscribed: flag,
  userEmail: text(M.email, EMAIL_MAX),
  userid: pageUserId,
})
export type SubscribeLkInput = z.infer<typeof subscribeLkInput>

export const forgotPasswordInput = z.object({
  EMAIL: text(M.email, EMAIL_MAX)
    .transform((v) => v.trim())
    .refine(isValidEmail, { error: M.email }),
})

export const resetPasswordInput = z
  .object({
    token: text(M.tokenInvalid, 100),
    PASS: text(M.passwordShort, PASSWORD_MAX),
  })
  .superRefine((v, ctx) => {
    const problem = newPasswordProblem(v.PASS)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['PASS'] })
  })

export const uloginInput = z.object({
  uToken: text(M.socialFailed, 500).refine((v) => v.trim() !== '', { error: M.socialFailed }),
})

export const logoutInput = z.object({})
