import { z } from 'zod'
import { Refusal } from '@/lib/refusal'

/**
 * Shared pieces of the back office's content editors (issue 20, ADRs 202 and 203): Russian field
 * rules for zod, a create schema and its patch from one field list, the refusal with field errors,
 * and the before/after of an audit line. No database here, so client forms may import the rules.
 */
export const EDIT_MESSAGES = {
  format: 'Неверный формат значения.',
  unknownField: 'Неизвестное поле.',
  code: 'Код — от 2 до 100 латинских букв, цифр, «-» или «_».',
  codeTaken: 'Такой код уже занят.',
  link: 'Ссылка — https://… или путь на сайте, начинающийся с «/».',
  image: 'Картинка — путь на сайте («/…») или https://…, не длиннее 500 символов.',
  lat: 'Широта — число от −90 до 90.',
  lon: 'Долгота — число от −180 до 180.',
  sort: 'Порядок — целое число от 0 до 100 000.',
  active: 'Укажите, показывать ли на сайте.',
} as const

export const strict = {
  error: (issue: { code: string }) =>
    issue.code === 'unrecognized_keys' ? EDIT_MESSAGES.unknownField : EDIT_MESSAGES.format,
}

/** A required text of `min`–`max` characters with one Russian message for every way it can be wrong. */
export const text = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message })
export const code = z
  .string({ error: EDIT_MESSAGES.code })
  .trim()
  .regex(/^[A-Za-z0-9_-]{2,100}$/, { error: EDIT_MESSAGES.code })
/** Goes into an href: an https address or a site path, never javascript: or data:. */
export const link = (message: string = EDIT_MESSAGES.link) =>
  z
    .string({ error: message })
    .trim()
    .max(500, { error: message })
    .refine((v) => /^\/(?!\/)[^\s"'<>\\]*$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v), { error: message })
/** Goes into an <img src>: as a link, or empty for none. */
export const image = link(EDIT_MESSAGES.image).or(z.literal(''))
export const lat = z
  .number({ error: EDIT_MESSAGES.lat })
  .min(-90, { error: EDIT_MESSAGES.lat })
  .max(90, { error: EDIT_MESSAGES.lat })
export const lon = z
  .number({ error: EDIT_MESSAGES.lon })
  .min(-180, { error: EDIT_MESSAGES.lon })
  .max(180, { error: EDIT_MESSAGES.lon })
export const sort = z
  .number({ error: EDIT_MESSAGES.sort })
  .int({ error: EDIT_MESSAGES.sort })
  .min(0, { error: EDIT_MESSAGES.sort })
  .max(100_000, { error: EDIT_MESSAGES.sort })
export const active = z.boolean({ error: EDIT_MESSAGES.active })

type Shape = Record<string, z.ZodType>
/** Every field optional, no unknown ones: the body of a PATCH. */
export function patchOf<S extends Shape>(shape: S) {
  return z.strictObject(
    Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof S]: z.ZodOptional<S[K]>
    },
    strict,
  )
}

export type FieldError = { field: string; message: string }

export function invalid(errors: FieldError[]): Refusal {
  const first = errors[0]?.message ?? EDIT_MESSAGES.format
  return new Refusal('invalid', first, { error: first, errors })
}

/** The input as the schema takes it, or the refusal naming each wrong field once. */
export function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const seen = new Set<string>()
  throw invalid(
    result.error.issues
      .map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }))
      .filter((e) => !seen.has(e.field) && Boolean(seen.add(e.field))),
  )
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)

/** Only the fields the patch really changes, as they were and as they become (the audit line). */
export function changed<T extends Record<string, unknown>>(
  current: T,
  patch: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const before: Partial<T> = {}
  const after: Partial<T> = {}
  for (const key of Object.keys(patch) as (keyof T)[]) {
    if (patch[key] === undefined || same(patch[key], current[key])) continue
    before[key] = current[key]
    after[key] = patch[key]
  }
  return { before, after }
}

/** A save that shows or hides an item is audited as such, so the log reads «опубликовал», not «изменил». */
export const publishAction = (published: boolean | undefined) =>
  published === undefined ? 'update' : published ? 'publish' : 'unpublish'

/** A whole new order names every row once, no more, no fewer. */
export const namesEachOnce = (ids: readonly number[], rows: readonly { id: number }[]) =>
  new Set(ids).size === ids.length && ids.length === rows.length && rows.every((r) => ids.includes(r.id))

/** Rows (in their present order) already stand as `ids` at positions `step` apart: saving it writes nothing. */
export const inOrderAlready = (
  ids: readonly number[],
  rows: readonly { id: number; sort: number }[],
  step: number,
) => rows.every((r, i) => r.id === ids[i] && r.sort === (i + 1) * step)
