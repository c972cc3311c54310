import { z } from 'zod'
import { PRODUCT_FORMS } from '@/db/schema/catalog'
import { richText } from '@/lib/rich-text'
import { EDITOR_BADGES, OFFER_MESSAGES as O, PRODUCT_MESSAGES as M, PRODUCT_STATES, VAT_RATES } from './catalog-admin'

/**
 * What staff send for products and offers (issue 20, ADR 178): one schema per input, used by the REST
 * API and, through it, by the back office's forms. Money in kopecks; texts are rich text, stored clean.
 */
const strict = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? M.unknownField : M.format) }
const id = z.number({ error: M.format }).int({ error: M.format }).positive({ error: M.format }).max(2_147_483_647, { error: M.format })
const text = (max: number, message: string) => z.string({ error: message }).trim().max(max, { error: message })
const rich = z.string({ error: M.text }).max(200_000, { error: M.text }).pipe(richText)

/** A product's code is its address: /catalog/{section}/{code}/. */
export const productCode = z
  .string({ error: M.code })
  .trim()
  .regex(/^[A-Za-z0-9_-]{2,100}$/, { error: M.code })

const productFields = {
  name: z.string({ error: M.name }).trim().min(2, { error: M.name }).max(200, { error: M.name }),
  subTitle: text(300, M.subTitle),
  line: text(100, M.line),
  code: productCode,
  /** The first is the main section (the address and the breadcrumbs); the rest list it too. */
  sectionIds: z
    .array(id, { error: M.sections })
    .min(1, { error: M.sections })
    .max(20, { error: M.sections })
    .refine((ids) => new Set(ids).size === ids.length, { error: M.sections }),
  brandId: z.number({ error: M.brand }).int({ error: M.brand }).positive({ error: M.brand }),
  form: z.enum(PRODUCT_FORMS, { error: M.form }),
  badges: z.array(z.enum(EDITOR_BADGES, { error: M.format })).max(2, { error: M.format }),
  isDrug: z.boolean({ error: M.format }),
  isImportReplace: z.boolean({ error: M.format }),
  description: rich,
  composition: rich,
  howToUse: rich,
  instruction: rich,
  seoTitle: text(200, M.seoTitle),
  seoDescription: text(500, M.seoDescription),
  published: z.boolean({ error: M.format }),
}

/** A new product; it starts hidden unless said otherwise, and may be published once it has an offer. */
export const productInput = z.strictObject(
  {
    ...productFields,
    subTitle: productFields.subTitle.default(''),
    line: productFields.line.default(''),
    badges: productFields.badges.default([]),
    isDrug: productFields.isDrug.default(false),
    isImportReplace: productFields.isImportReplace.default(false),
    description: productFields.description.default(''),
    composition: productFields.composition.default(''),
    howToUse: productFields.howToUse.default(''),
    instruction: productFields.instruction.default(''),
    seoTitle: productFields.seoTitle.default(''),
    seoDescription: productFields.seoDescription.default(''),
    published: productFields.published.default(false),
  },
  strict,
)
export type ProductInput = z.output<typeof productInput>

/** A change of some of the fields; what is not sent stays. */
export const productPatch = z.strictObject(productFields, strict).partial()
export type ProductPatch = z.output<typeof productPatch>

const kopecks = (message: string) => z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(1_000_000_000, { error: message })
const mm = z.number({ error: O.size }).int({ error: O.size }).min(1, { error: O.size }).max(5_000, { error: O.size })

const offerFields = {
  packageSize: z.number({ error: O.packageSize }).int({ error: O.packageSize }).min(1, { error: O.packageSize }).max(100_000, { error: O.packageSize }),
  packageUnit: z.string({ error: O.packageUnit }).trim().min(1, { error: O.packageUnit }).max(20, { error: O.packageUnit }),
  /** null or empty: no flavour. */
  flavour: text(100, O.flavour)
    .nullable()
    .transform((v) => (v ? v : null)),
  sku: z
    .string({ error: O.sku })
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,60}$/, { error: O.sku }),
  barcode: z
    .string({ error: O.barcode })
    .trim()
    .regex(/^(\d{8,14})?$/, { error: O.barcode }),
  price: kopecks(O.price),
  oldPrice: kopecks(O.oldPrice).nullable(),
  vatPercent: z.literal(VAT_RATES, { error: O.vat }),
  weightGrams: z.number({ error: O.weight }).int({ error: O.weight }).min(1, { error: O.weight }).max(100_000, { error: O.weight }),
  widthMm: mm,
  lengthMm: mm,
  heightMm: mm,
  airRestricted: z.boolean({ error: M.format }),
  active: z.boolean({ error: M.format }),
}

const stock = z.number({ error: O.stock }).int({ error: O.stock }).min(0, { error: O.stock }).max(10_000_000, { error: O.stock }).nullable()

/** The struck-out price is only for a sale: higher than the price. */
export function oldPriceProblem(o: { price: number; oldPrice: number | null }): boolean {
  return o.oldPrice !== null && o.oldPrice <= o.price
}

/** A new offer of a product, with its first stock (later stock changes are the warehouse's, ADR 178). */
export const offerInput = z
  .strictObject(
    {
      ...offerFields,
      flavour: offerFields.flavour.default(null),
      barcode: offerFields.barcode.default(''),
      oldPrice: offerFields.oldPrice.default(null),
      vatPercent: offerFields.vatPercent.default(0),
      weightGrams: offerFields.weightGrams.default(100),
      widthMm: mm.default(100),
      lengthMm: mm.default(100),
      heightMm: mm.default(100),
      airRestricted: offerFields.airRestricted.default(false),
      active: offerFields.active.default(true),
      stock: stock.default(null),
    },
    strict,
  )
  .superRefine((o, ctx) => {
    if (oldPriceProblem(o)) ctx.addIssue({ code: 'custom', path: ['oldPrice'], message: O.oldPrice })
  })
export type OfferInput = z.output<typeof offerInput>

/** A change of an offer, stock aside; `price` and `oldPrice` are checked together with the stored ones. */
export const offerPatch = z.strictObject(offerFields, strict).partial()
export type OfferPatch = z.output<typeof offerPatch>

/** The warehouse's one change: how many are on the shelf (null: not counted). */
export const stockInput = z.strictObject({ stock }, strict)
export type StockInput = z.output<typeof stockInput>

/** The new order of a product's offers: every offer id once, first shown first. */
export const offerOrderInput = z.strictObject({ offerIds: z.array(id, { error: O.order }).min(1, { error: O.order }).max(200, { error: O.order }) }, strict)

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)

export const productListQuery = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  section: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  brand: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  state: z.preprocess(blankToUndefined, z.enum(PRODUCT_STATES).optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
})
export type ProductListQuery = z.output<typeof productListQuery>

export const offerView = z.object({
  id: z.number(),
  productId: z.number(),
  sku: z.string(),
  barcode: z.string(),
  packageSize: z.number(),
  packageUnit: z.string(),
  flavour: z.string().nullable(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  vatPercent: z.number(),
  weightGrams: z.number(),
  widthMm: z.number(),
  lengthMm: z.number(),
  heightMm: z.number(),
  airRestricted: z.boolean(),
  stock: z.number().nullable(),
  active: z.boolean(),
  sort: z.number(),
  /** Order lines that name it: such an offer is never deleted. */
  ordered: z.boolean(),
})
export type OfferView = z.output<typeof offerView>

export const productView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  subTitle: z.string(),
  line: z.string(),
  sectionIds: z.array(z.number()),
  brandId: z.number(),
  form: z.enum(PRODUCT_FORMS),
  badges: z.array(z.enum(EDITOR_BADGES)),
  isDrug: z.boolean(),
  isImportReplace: z.boolean(),
  description: z.string(),
  composition: z.string(),
  howToUse: z.string(),
  instruction: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  published: z.boolean(),
  /** The storefront address, and the old ones that answer 301 to it. */
  url: z.string(),
  oldCodes: z.array(z.string()),
  offers: z.array(offerView),
})
export type ProductView = z.output<typeof productView>

export const productRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  sectionName: z.string(),
  brandName: z.string(),
  published: z.boolean(),
  offers: z.number(),
  /** Kopecks, of the active offers; null without one. */
  minPrice: z.number().nullable(),
  /** Sum of the counted stock of active offers; null when none is counted. */
  stock: z.number().nullable(),
  url: z.string(),
})
export type ProductRow = z.output<typeof productRow>

export const productList = z.object({ items: z.array(productRow), total: z.number(), page: z.number(), pageSize: z.number() })
export type ProductList = z.output<typeof productList>
