import { z } from 'zod'
import { libraryPictureView } from '@/domains/media/media-library.schema'
import { isSlideLink, isSlidePicture, SLIDE_MESSAGES as M } from './showcase-slides'

/** What staff send for the sets-from-experts slides (issue 20, ADR 204): one schema per input. */
const strict = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? M.unknownField : M.format) }
const id = z.number({ error: M.format }).int({ error: M.format }).positive({ error: M.format }).max(2_147_483_647, { error: M.format })

const fields = {
  title: z.string({ error: M.title }).trim().min(2, { error: M.title }).max(120, { error: M.title }),
  subtitle: z.string({ error: M.subtitle }).trim().max(300, { error: M.subtitle }),
  link: z.string({ error: M.link }).trim().max(500, { error: M.link }).refine(isSlideLink, { error: M.link }),
  img: z.string({ error: M.img }).trim().max(500, { error: M.img }).refine(isSlidePicture, { error: M.img }),
  pack: z.string({ error: M.pack }).trim().max(60, { error: M.pack }),
  /** A media-library picture; null: the typed `img` (the seed's), else the offer's own picture. */
  pictureId: z.number({ error: M.picture }).int({ error: M.picture }).positive({ error: M.picture }).max(2_147_483_647, { error: M.picture }).nullable(),
  isSet: z.boolean({ error: M.format }),
  active: z.boolean({ error: M.format }),
}

export const slidePatch = z.strictObject(
  {
    title: fields.title.optional(),
    subtitle: fields.subtitle.optional(),
    link: fields.link.optional(),
    img: fields.img.optional(),
    pictureId: fields.pictureId.optional(),
    pack: fields.pack.optional(),
    isSet: fields.isSet.optional(),
    active: fields.active.optional(),
  },
  strict,
)

/** A new slide, last in its tab: the product whose first active offer it sells (price from the offer). */
export const slideInput = z.strictObject(
  {
    productCode: z.string({ error: M.product }).trim().min(1, { error: M.product }).max(100, { error: M.product }),
    title: fields.title,
    subtitle: fields.subtitle.default(''),
    link: fields.link.default(''),
    img: fields.img.default(''),
    pictureId: fields.pictureId.default(null),
    pack: fields.pack.default(''),
    isSet: fields.isSet.default(false),
    active: fields.active.default(true),
  },
  strict,
)

export const slideOrderInput = z.strictObject({ slideIds: z.array(id, { error: M.order }).min(1, { error: M.order }).max(200, { error: M.order }) }, strict)

export const slideView = z.object({
  id: z.number(),
  tabId: z.number(),
  title: z.string(),
  subtitle: z.string(),
  img: z.string(),
  picture: libraryPictureView.nullable(),
  link: z.string(),
  pack: z.string(),
  isSet: z.boolean(),
  active: z.boolean(),
  position: z.number(),
  offerId: z.number(),
  productCode: z.string(),
  productName: z.string(),
})
export const slideList = z.object({ tab: z.object({ id: z.number(), title: z.string(), anchor: z.string() }), items: z.array(slideView) })
