import { z } from 'zod'
import { ACCOUNT_MESSAGES as M, PASSWORD_MAX } from './account'
import { ORDER_ACTION_MESSAGES as A } from './order-actions'

/** POST /ajax/order-repeat/ and /ajax/order-cancel/: the order's number as the order page names it. */
export const orderActionInput = z.object({
  ORDER_ID: z
    .string({ error: A.orderNotFound })
    .regex(/^[1-9]\d{0,9}$/, { error: A.orderNotFound })
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, { error: A.orderNotFound }),
})
export type OrderActionInput = z.output<typeof orderActionInput>

/**
 * POST /ajax/account-delete/: the confirmation ticked in the dialog, and the password for an account
 * that has one (a session left open on someone else's computer must not be enough to erase it).
 */
export const deleteAccountInput = z.object({
  CONFIRM: z.literal('Y', { error: M.generic }),
  PASS: z
    .string({ error: A.deletePasswordWrong })
    .max(PASSWORD_MAX + 1, { error: M.passwordLong })
    .optional()
    .transform((v) => v ?? ''),
})
export type DeleteAccountInput = z.output<typeof deleteAccountInput>
