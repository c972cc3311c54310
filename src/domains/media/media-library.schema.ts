import { z } from 'zod'
import { LIBRARY_MESSAGES as M } from './media-library'
import { MAX_ALT_LENGTH } from './media'

/** The media library's inputs and answers (ADR 207): one schema per input. */
export const libraryUploadQuery = z.strictObject({
  alt: z.string({ error: M.alt }).trim().max(MAX_ALT_LENGTH, { error: M.alt }).optional(),
})

export const libraryPictureView = z.object({
  id: z.number(),
  alt: z.string(),
  urls: z.object({ thumb: z.string(), card: z.string(), gallery: z.string() }),
  srcset: z.string(),
  width: z.number(),
  height: z.number(),
  createdAt: z.string(),
})
export const libraryList = z.object({
  /** inUse: a banner, brand or expert slide shows it, so it cannot be deleted. */
  items: z.array(libraryPictureView.extend({ inUse: z.boolean() })),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
})

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)

/** A page of the library, newest first; `q` finds pictures by their description (alt). */
export const libraryListQuery = z.strictObject({
  q: z.preprocess(blankToUndefined, z.string({ error: M.query }).trim().max(100, { error: M.query }).optional()),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: M.page }).int({ error: M.page }).min(1, { error: M.page }).max(100_000, { error: M.page }).default(1),
  ),
})
