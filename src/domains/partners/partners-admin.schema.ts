import { z } from 'zod'
import { active, code, image, lat, link, lon, patchOf, sort, strict, text } from '@/domains/edits/edits'

/** What staff send for partner pharmacies, their outlets and the home page's distributors (ADR 202). */
export const PARTNER_MESSAGES = {
  title: 'Название — от 2 до 100 символов.',
  name: 'Название аптеки — от 2 до 200 символов.',
  address: 'Адрес — от 5 до 300 символов.',
  partnerNotFound: 'Партнёр не найден.',
  outletNotFound: 'Аптека партнёра не найдена.',
  distributorNotFound: 'Дистрибьютор не найден.',
} as const
const M = PARTNER_MESSAGES

const partnerFields = { title: text(2, 100, M.title), code, link: link(), image, sort, active }
export const partnerInput = z.strictObject(
  { ...partnerFields, image: image.default(''), sort: sort.default(500), active: active.default(true) },
  strict,
)
export const partnerPatch = patchOf(partnerFields)

const outletFields = { code, name: text(2, 200, M.name), address: text(5, 300, M.address), lat, lon }
export const outletInput = z.strictObject(outletFields, strict)
export const outletPatch = patchOf(outletFields)

const distributorFields = { title: text(2, 100, M.title), code, link: link(), image, sort, active }
export const distributorInput = z.strictObject(
  { ...distributorFields, image: image.default(''), sort: sort.default(500), active: active.default(true) },
  strict,
)
export const distributorPatch = patchOf(distributorFields)

export const outletView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
})
export const partnerView = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  link: z.string(),
  image: z.string(),
  sort: z.number(),
  active: z.boolean(),
  products: z.number(),
  outlets: z.array(outletView),
})
export const partnerList = z.object({ items: z.array(partnerView) })
export const distributorView = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  link: z.string(),
  image: z.string(),
  sort: z.number(),
  active: z.boolean(),
})
export const distributorList = z.object({ items: z.array(distributorView) })

export type PartnerView = z.infer<typeof partnerView>
export type OutletView = z.infer<typeof outletView>
export type DistributorView = z.infer<typeof distributorView>
