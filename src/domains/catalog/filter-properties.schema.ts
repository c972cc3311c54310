import { z } from 'zod'
import { FILTER_PROPERTY_MESSAGES as M } from './filter-properties'

/** What staff send for the filter's properties (issue 20, ADR 204): one schema per input. */
const strict = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? M.unknownField : M.format) }
const id = (message: string) => z.number({ error: message }).int({ error: message }).positive({ error: message }).max(2_147_483_647, { error: message })
const ids = (message: string, max: number) => z.array(id(message), { error: message }).max(max, { error: message }).refine((list) => new Set(list).size === list.length, { error: message })

/** A code goes into the address as p_{code} or an option of it: /catalog/?p_taste=lemon. */
const code = z
  .string({ error: M.code })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,60}$/, { error: M.code })
const name = z.string({ error: M.name }).trim().min(2, { error: M.name }).max(100, { error: M.name })
const optionName = z.string({ error: M.optionName }).trim().min(1, { error: M.optionName }).max(100, { error: M.optionName })

export const filterPropertyInput = z.strictObject(
  {
    name,
    code,
    active: z.boolean({ error: M.format }).default(true),
    sectionIds: ids(M.sections, 500).default([]),
  },
  strict,
)
export const filterPropertyPatch = z.strictObject(
  {
    name: name.optional(),
    code: code.optional(),
    active: z.boolean({ error: M.format }).optional(),
    sectionIds: ids(M.sections, 500).optional(),
  },
  strict,
)
export const filterPropertyOrderInput = z.strictObject({ propertyIds: ids(M.propertyOrder, 500).pipe(z.array(z.number()).min(1, { error: M.propertyOrder })) }, strict)
export const filterOptionInput = z.strictObject({ name: optionName, code }, strict)
export const filterOptionPatch = z.strictObject({ name: optionName.optional(), code: code.optional() }, strict)
export const filterOptionOrderInput = z.strictObject({ optionIds: ids(M.order, 1000).pipe(z.array(z.number()).min(1, { error: M.order })) }, strict)
export const productFilterValuesInput = z.strictObject({ optionIds: ids(M.values, 500) }, strict)

export const filterOptionView = z.object({ id: z.number(), code: z.string(), name: z.string(), position: z.number(), products: z.number() })
export const filterPropertyView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  position: z.number(),
  sectionIds: z.array(z.number()),
  options: z.array(filterOptionView),
})
export const filterPropertyList = z.object({ items: z.array(filterPropertyView) })
export const productFilterValuesView = z.object({ productId: z.number(), optionIds: z.array(z.number()) })
