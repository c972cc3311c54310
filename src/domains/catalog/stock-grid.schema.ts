import { z } from 'zod'
import { STOCK_GRID_MAX_CHANGES, STOCK_GRID_MESSAGES as M } from './stock-grid'

/** What the stock grid sends and gets (issue 20, ADR 185): one schema per input, money in kopecks. */
const strict = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? M.unknownField : M.format) }
const count = (message: string, max: number) => z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(max, { error: message })
const stock = count(M.stock, 10_000_000).nullable()
const price = count(M.price, 1_000_000_000)
const oldPrice = count(M.oldPrice, 1_000_000_000).nullable()
const threshold = count(M.threshold, 100_000).nullable()

/** A GET form's untouched field is '': not given. */
const blank = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())
const pageParam = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(100_000).default(1))

const values = { stock, price, oldPrice, lowStockThreshold: threshold }

/** One row's change: the values it was loaded with (a conflict when they moved) and the new ones. */
export const gridChange = z.strictObject(
  {
    offerId: z.number({ error: M.format }).int({ error: M.format }).positive({ error: M.format }).max(2_147_483_647, { error: M.format }),
    expected: z.strictObject(values, strict),
    set: z.strictObject(values, strict).partial(),
  },
  strict,
)
export type GridChange = z.output<typeof gridChange>

export const stockGridSave = z.strictObject(
  {
    changes: z
      .array(gridChange, { error: M.format })
      .min(1, { error: M.empty })
      .max(STOCK_GRID_MAX_CHANGES, { error: M.tooMany })
      .refine((cs) => new Set(cs.map((c) => c.offerId)).size === cs.length, { error: M.duplicate }),
  },
  strict,
)
export type StockGridSave = z.output<typeof stockGridSave>

export const stockGridQuery = z.object({
  q: blank(z.string().trim().max(100)),
  section: blank(z.string().trim().max(100)),
  brand: blank(z.string().trim().max(100)),
  /** '1': only the offers at or below their threshold. */
  low: blank(z.enum(['1', '0'])),
  page: pageParam,
})
export type StockGridQuery = z.output<typeof stockGridQuery>

export const stockGridRow = z.object({
  offerId: z.number(),
  productId: z.number(),
  productName: z.string(),
  productUrl: z.string(),
  sku: z.string(),
  /** «60 капсул, клубника» */
  variant: z.string(),
  sectionName: z.string(),
  brandName: z.string(),
  active: z.boolean(),
  stock: z.number().nullable(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  lowStockThreshold: z.number().nullable(),
  low: z.boolean(),
})
export type StockGridRow = z.output<typeof stockGridRow>

export const stockGridList = z.object({
  items: z.array(stockGridRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The shop-wide threshold (setting stock.lowThreshold) for offers without their own. */
  defaultThreshold: z.number(),
})
export type StockGridList = z.output<typeof stockGridList>

export const gridConflict = z.object({
  offerId: z.number(),
  sku: z.string(),
  message: z.string(),
  /** The row as it is now, null when it was deleted. */
  current: z.object(values).nullable(),
})
export type GridConflict = z.output<typeof gridConflict>

export const stockGridSaved = z.object({ saved: z.number(), rows: z.array(stockGridRow) })
export type StockGridSaved = z.output<typeof stockGridSaved>
