import { z } from 'zod'
import { wire } from '@/lib/ajax'
import { MAX_ALT_LENGTH, MAX_PICTURES_PER_PRODUCT, PICTURE_MESSAGES as M } from './media'

/** The back office's inputs and answers for product pictures (ADR 184), one schema each. */
const alt = z.string({ error: M.alt }).trim().max(MAX_ALT_LENGTH, { error: M.alt })

export const pictureParams = z.object({ id: wire.id, pictureId: wire.id })

/** The upload's body is the file's bytes; its text for screen readers comes in the address. */
export const pictureUploadQuery = z.object({ alt: alt.optional() })

export const picturePatch = z
  .object({
    alt: alt.optional(),
    /** true: this picture becomes the main one (first); the others keep their order after it. */
    main: z.literal(true).optional(),
    /** The offer the picture is of (ADR 205); null: the whole product's. */
    offerId: wire.id.nullable().optional(),
  })
  .strict()

export const pictureOrderInput = z
  .object({ pictureIds: z.array(wire.id, { error: M.order }).min(1, { error: M.order }).max(MAX_PICTURES_PER_PRODUCT, { error: M.order }) })
  .strict()

const sizeUrls = z.object({ thumb: z.string(), card: z.string(), gallery: z.string() })

export const pictureView = z.object({
  id: z.number().int(),
  position: z.number().int(),
  main: z.boolean(),
  alt: z.string(),
  /** The offer the picture is of (ADR 205); null: the whole product's. */
  offerId: z.number().int().nullable(),
  urls: sizeUrls,
  width: z.number().int(),
  height: z.number().int(),
})
export type PictureView = z.infer<typeof pictureView>

export const pictureList = z.object({ productId: z.number().int(), pictures: z.array(pictureView) })
export type PictureList = z.infer<typeof pictureList>
