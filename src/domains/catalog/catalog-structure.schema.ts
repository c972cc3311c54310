import { z } from 'zod'
import { libraryPictureView } from '@/domains/media/media-library.schema'
import { STRUCTURE_MESSAGES as M } from './catalog-structure'

/** What staff send for sections and brands (issue 20, ADR 192): one schema per input. */
const strict = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? M.unknownField : M.format) }
const id = z.number({ error: M.format }).int({ error: M.format }).positive({ error: M.format }).max(2_147_483_647, { error: M.format })
const text = (max: number, message: string) => z.string({ error: message }).trim().max(max, { error: message })

/** A code is part of an address (/catalog/{code}/, /brands/{code}/), as the storefront's routes accept it. */
const code = z
  .string({ error: M.code })
  .trim()
  .regex(/^[A-Za-z0-9_-]{2,100}$/, { error: M.code })
const name = z.string({ error: M.name }).trim().min(2, { error: M.name }).max(100, { error: M.name })
/** A site path or an https address; never javascript: or data:, since it lands in an <img src>. */
const logo = text(500, M.logo).refine((v) => v === '' || /^\/[^/\\]/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v), { error: M.logo })

const sectionFields = {
  name,
  code,
  description: text(5_000, M.description),
  seoTitle: text(200, M.seoTitle),
  seoDescription: text(500, M.seoDescription),
  active: z.boolean({ error: M.format }),
}

export const sectionInput = z.strictObject(
  {
    ...sectionFields,
    description: sectionFields.description.default(''),
    seoTitle: sectionFields.seoTitle.default(''),
    seoDescription: sectionFields.seoDescription.default(''),
    active: sectionFields.active.default(true),
  },
  strict,
)
export const sectionPatch = z.strictObject(
  Object.fromEntries(Object.entries(sectionFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof sectionFields]: z.ZodOptional<(typeof sectionFields)[K]> },
  strict,
)
export const sectionOrderInput = z.strictObject({ sectionIds: z.array(id, { error: M.order }).min(1, { error: M.order }).max(500, { error: M.order }) }, strict)

const brandFields = {
  name,
  code,
  description: text(5_000, M.description),
  logo,
  /** A media-library picture as the logo; null: the typed `logo`. */
  pictureId: z.number({ error: M.picture }).int({ error: M.picture }).positive({ error: M.picture }).max(2_147_483_647, { error: M.picture }).nullable(),
  active: z.boolean({ error: M.format }),
}
export const brandInput = z.strictObject(
  { ...brandFields, description: brandFields.description.default(''), logo: brandFields.logo.default(''), pictureId: brandFields.pictureId.default(null), active: brandFields.active.default(true) },
  strict,
)
export const brandPatch = z.strictObject(
  Object.fromEntries(Object.entries(brandFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof brandFields]: z.ZodOptional<(typeof brandFields)[K]> },
  strict,
)

export const sectionView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  active: z.boolean(),
  position: z.number(),
  products: z.number(),
})
export const sectionList = z.object({ items: z.array(sectionView) })
export const brandView = z.object({ id: z.number(), code: z.string(), name: z.string(), description: z.string(), logo: z.string(), picture: libraryPictureView.nullable(), active: z.boolean(), products: z.number() })
export const brandList = z.object({ items: z.array(brandView) })

export type SectionInput = z.output<typeof sectionInput>
export type SectionPatch = z.output<typeof sectionPatch>
export type BrandInput = z.output<typeof brandInput>
