import { z } from 'zod'
import { active, link, patchOf, strict, text } from '@/domains/edits/edits'
import { libraryPictureView } from '@/domains/media/media-library.schema'
import { BANNER_MESSAGES as M } from './banners'

/** What staff send for the home page's banners (issue 20, ADR 207): one schema per input. */
const id = z
  .number({ error: M.picture })
  .int({ error: M.picture })
  .positive({ error: M.picture })
  .max(2_147_483_647, { error: M.picture })
/** An instant with its offset, or null for no bound. */
const instant = z.iso.datetime({ offset: true, error: M.date }).nullable()

const slideFields = {
  productCode: z
    .string({ error: M.product })
    .trim()
    .min(1, { error: M.product })
    .max(100, { error: M.product }),
  title: text(2, 120, M.title),
  subtitle: text(0, 120, M.subtitle),
  description: text(0, 600, M.description),
  link: link(M.slideLink).or(z.literal('')),
  /** A media-library picture; null: the offer's own picture. */
  pictureId: id.nullable(),
  startsAt: instant,
  endsAt: instant,
  active,
}

/** A new slide, last in the slider, selling the product's first active offer (price from the offer). */
export const featuredSlideInput = z.strictObject(
  {
    ...slideFields,
    subtitle: slideFields.subtitle.default(''),
    description: slideFields.description.default(''),
    link: slideFields.link.default(''),
    pictureId: slideFields.pictureId.default(null),
    startsAt: instant.default(null),
    endsAt: instant.default(null),
    active: active.default(true),
  },
  strict,
)
export const featuredSlidePatch = patchOf(slideFields)

const lineFields = {
  text: text(2, 300, M.text),
  link: link(M.lineLink).or(z.literal('')),
  linkText: text(0, 60, M.linkText),
  startsAt: instant,
  endsAt: instant,
  active,
}
export const lightLineInput = z.strictObject(
  {
    ...lineFields,
    link: lineFields.link.default(''),
    linkText: lineFields.linkText.default(''),
    startsAt: instant.default(null),
    endsAt: instant.default(null),
    active: active.default(true),
  },
  strict,
)
export const lightLinePatch = patchOf(lineFields)

const orderId = z
  .number({ error: M.order })
  .int({ error: M.order })
  .positive({ error: M.order })
  .max(2_147_483_647, { error: M.order })
/** The whole list's order at once: every banner of the list, each once, first shown first. */
export const bannerOrderInput = z.strictObject(
  { ids: z.array(orderId, { error: M.order }).min(1, { error: M.order }).max(500, { error: M.order }) },
  strict,
)

const window = {
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  position: z.number(),
}
export const featuredSlideView = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  link: z.string(),
  picture: libraryPictureView.nullable(),
  image: z.string(),
  preview: z.string(),
  offerId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  ...window,
})
export const lightLineView = z.object({
  id: z.number(),
  text: z.string(),
  link: z.string(),
  linkText: z.string(),
  ...window,
})
export const bannerList = z.object({ slides: z.array(featuredSlideView), lightLines: z.array(lightLineView) })
