import { z } from 'zod'
import { PRODUCT_FORMS } from '../schema/catalog'

/** The shape of the JSON files under src/db/seed/data/; checked on load so a typo fails loudly. */
export const sectionRow = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
})
export const brandRow = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string(),
  description: z.string(),
  nofollow: z.boolean(),
})
export const badgeRow = z.object({ code: z.string(), name: z.string(), sort: z.number().int() })
export const offerRow = z.object({
  packageSize: z.number().int().positive(),
  packageUnit: z.string(),
  flavour: z.string().nullable(),
  price: z.number().int().positive(),
  oldPrice: z.number().int().positive().nullable(),
  stock: z.number().int().min(0).nullable(),
  weightGrams: z.number().int().positive(),
  widthMm: z.number().int().positive(),
  lengthMm: z.number().int().positive(),
  heightMm: z.number().int().positive(),
  airRestricted: z.boolean(),
})
export const productRow = z.object({
  code: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  subTitle: z.string(),
  line: z.string(),
  section: z.string(),
  extraSections: z.array(z.string()),
  brand: z.string(),
  form: z.enum(PRODUCT_FORMS),
  description: z.string(),
  composition: z.string(),
  howToUse: z.string(),
  instruction: z.string(),
  badges: z.array(z.string()),
  importReplace: z.boolean(),
  drug: z.boolean(),
  properties: z.array(z.object({ name: z.string(), value: z.string() })),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  offers: z.array(offerRow).min(1).max(3),
})
export const cityRow = z.object({
  code: z.string(),
  name: z.string(),
  region: z.string(),
  lat: z.number(),
  lon: z.number(),
  population: z.number().int(),
})

export type ProductRow = z.infer<typeof productRow>
export type OfferRow = z.infer<typeof offerRow>
