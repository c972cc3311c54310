import { z } from 'zod'
import { code, link, patchOf, strict, text } from '@/domains/edits/edits'

/** What staff send for a webinar of the B2B calendar (ADR 202). */
export const WEBINAR_MESSAGES = {
  name: 'Название — от 3 до 200 символов.',
  startsAt: 'Дата и время — в формате 2026-12-01T18:00:00+03:00.',
  speaker: 'Ведущий — не длиннее 200 символов.',
  link: 'Ссылка на трансляцию — https://…',
  previewText: 'Анонс — не длиннее 2 000 символов.',
  programme: 'Программа — не длиннее 5 000 символов.',
  published: 'Укажите, опубликован ли вебинар.',
  notFound: 'Вебинар не найден.',
} as const
const M = WEBINAR_MESSAGES

const fields = {
  code,
  name: text(3, 200, M.name),
  startsAt: z.iso.datetime({ offset: true, error: M.startsAt }),
  speaker: text(0, 200, M.speaker),
  link: link(M.link)
    .refine((v) => v.startsWith('https://'), { error: M.link })
    .or(z.literal('')),
  previewText: text(0, 2_000, M.previewText),
  programme: text(0, 5_000, M.programme),
  published: z.boolean({ error: M.published }),
}
/** A new webinar is unpublished until staff publish it. */
export const webinarInput = z.strictObject(
  {
    ...fields,
    speaker: fields.speaker.default(''),
    link: fields.link.default(''),
    previewText: fields.previewText.default(''),
    programme: fields.programme.default(''),
    published: fields.published.default(false),
  },
  strict,
)
export const webinarPatch = patchOf(fields)

export const webinarView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  startsAt: z.string(),
  speaker: z.string(),
  link: z.string(),
  previewText: z.string(),
  programme: z.string(),
  published: z.boolean(),
  registrations: z.number(),
})
export const webinarList = z.object({ items: z.array(webinarView) })
export const registrationView = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  createdAt: z.string(),
})
export const registrationList = z.object({ items: z.array(registrationView) })
export type WebinarView = z.infer<typeof webinarView>
export type RegistrationView = z.infer<typeof registrationView>
