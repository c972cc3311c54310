import { z } from 'zod'
import { active, code, lat, lon, patchOf, sort, strict, text } from '@/domains/edits/edits'

/** What staff send for an eco-box point (ADR 202). */
export const ECO_MESSAGES = {
  city: 'Город — от 2 до 100 символов.',
  name: 'Название — от 2 до 200 символов.',
  address: 'Адрес — от 3 до 300 символов.',
  fullAddress: 'Полный адрес — от 3 до 500 символов.',
  workTime: 'Часы работы — не длиннее 200 символов.',
  phone: 'Телефон — не длиннее 50 символов.',
  notFound: 'Эко-пункт не найден.',
} as const
const M = ECO_MESSAGES

const fields = {
  code,
  city: text(2, 100, M.city),
  name: text(2, 200, M.name),
  address: text(3, 300, M.address),
  fullAddress: text(3, 500, M.fullAddress),
  workTime: text(0, 200, M.workTime),
  phone: text(0, 50, M.phone),
  lat,
  lon,
  sort,
  active,
}
export const ecoPointInput = z.strictObject(
  {
    ...fields,
    workTime: fields.workTime.default(''),
    phone: fields.phone.default(''),
    sort: sort.default(500),
    active: active.default(true),
  },
  strict,
)
export const ecoPointPatch = patchOf(fields)

export const ecoPointView = z.object({
  id: z.number(),
  code: z.string(),
  city: z.string(),
  name: z.string(),
  address: z.string(),
  fullAddress: z.string(),
  workTime: z.string(),
  phone: z.string(),
  lat: z.number(),
  lon: z.number(),
  sort: z.number(),
  active: z.boolean(),
})
export const ecoPointList = z.object({ items: z.array(ecoPointView) })
export const ecoPointQuery = z.object({ city: z.string().trim().max(100).optional() })
export type EcoPointView = z.infer<typeof ecoPointView>
