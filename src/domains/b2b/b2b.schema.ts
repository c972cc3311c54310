import { z } from 'zod'
import { wire } from '@/lib/ajax'
import { B2B_MESSAGES, COMPANY_SIZES, EMAIL_PATTERN, PHONE_PATTERN } from './b2b'

const required = (max: number) => z.string({ error: B2B_MESSAGES.required }).trim().min(1, B2B_MESSAGES.required).max(max)
const contact = {
  UF_NAME: required(200),
  UF_PHONE: required(40).regex(PHONE_PATTERN, B2B_MESSAGES.phone),
  UF_EMAIL: required(254).regex(EMAIL_PATTERN, B2B_MESSAGES.email),
}
const optional = (max: number) => z.string().trim().max(max).default('')

/** POST /ajax/b2bprogram/: interests arrive as UF_INTERESTS[] (a single value is a list of one). */
export const b2bProgramInput = z.object({
  ...contact,
  UF_COMPANY: optional(200),
  UF_POSITION: optional(200),
  UF_QUANTITY: z.union([z.enum(COMPANY_SIZES), z.literal('')]).default(''),
  UF_INTERESTS: z.preprocess(
    (v) => (v === undefined || v === '' ? [] : typeof v === 'string' ? [v] : v),
    z.array(z.string().trim().min(1).max(100)).min(1, B2B_MESSAGES.interests).max(20),
  ),
})
export type B2bProgramInput = z.infer<typeof b2bProgramInput>

/** POST /ajax/b2bevent/ */
export const b2bEventInput = z.object({ ...contact, UF_EVENT: wire.id })
export type B2bEventInput = z.infer<typeof b2bEventInput>
