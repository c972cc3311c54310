import { z } from 'zod'
import { OFFER_MESSAGES as O, PRODUCT_MESSAGES as P, VAT_RATES } from '@/domains/catalog/catalog-admin'
import { STOCK_GRID_MESSAGES as S } from '@/domains/catalog/stock-grid'
import { FORM_NAMES, HEADER_OF, type ColumnKey } from './catalog-import'

/**
 * One row of the catalogue file (ADR 186), as text cells keyed by column: the one schema both CSV and
 * XLSX rows pass. A column the file leaves out is absent (the stored value stays); an empty cell of
 * an optional field means "none". Each refusal names its column and says what is expected, in Russian.
 */
const say = (key: ColumnKey, message: string) => `«${HEADER_OF[key]}»: ${message}`

const spaces = /[\s\u00a0]/g
const integer = (key: ColumnKey, message: string, min: number, max: number) =>
  z
    .string()
    .transform((v) => v.replace(spaces, ''))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, { error: say(key, message) })
    .transform(Number)
const integerOrNone = (key: ColumnKey, message: string, min: number, max: number) =>
  z
    .string()
    .transform((v) => v.replace(spaces, ''))
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max), { error: say(key, message) })
    .transform((v) => (v === '' ? null : Number(v)))
/** Rubles as typed («1 234,50», «990», «990.5») to kopecks. */
const rublesPattern = /^\d{1,8}([.,]\d{1,2})?$/
const toKopecks = (v: string) => {
  const [whole, fraction = ''] = v.split(/[.,]/)
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}
const money = (key: ColumnKey, message: string) =>
  z
    .string()
    .transform((v) => v.replace(spaces, ''))
    .refine((v) => rublesPattern.test(v) && toKopecks(v) <= 1_000_000_000, { error: say(key, message) })
    .transform(toKopecks)
const moneyOrNone = (key: ColumnKey, message: string) =>
  z
    .string()
    .transform((v) => v.replace(spaces, ''))
    .refine((v) => v === '' || (rublesPattern.test(v) && toKopecks(v) <= 1_000_000_000), { error: say(key, message) })
    .transform((v) => (v === '' ? null : toKopecks(v)))
const YES = ['да', 'yes', 'true', '1', 'y', 'д', '+']
const NO = ['нет', 'no', 'false', '0', 'n', 'н', '-']
const yesNo = (key: ColumnKey) =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => YES.includes(v) || NO.includes(v), { error: say(key, 'напишите «да» или «нет».') })
    .transform((v) => YES.includes(v))
const text = (key: ColumnKey, max: number, message: string, min = 0) =>
  z
    .string()
    .transform((v) => v.trim())
    .refine((v) => v.length >= min && v.length <= max, { error: say(key, message) })
const pattern = (key: ColumnKey, re: RegExp, message: string) =>
  z
    .string()
    .transform((v) => v.trim())
    .refine((v) => re.test(v), { error: say(key, message) })

const formByName = Object.fromEntries(Object.entries(FORM_NAMES).map(([form, name]) => [name, form])) as Record<string, keyof typeof FORM_NAMES>

export const importRow = z.object({
  code: pattern('code', /^[A-Za-z0-9_-]{2,100}$/, P.code),
  name: text('name', 200, P.name, 2).optional(),
  subTitle: text('subTitle', 300, P.subTitle).optional(),
  line: text('line', 100, P.line).optional(),
  sections: z
    .string()
    .transform((v) =>
      v
        .split(/[,;]/)
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((v) => v.length >= 1 && v.length <= 20 && new Set(v).size === v.length, { error: say('sections', 'коды разделов через запятую, хотя бы один, без повторов.') })
    .optional(),
  brand: text('brand', 100, 'укажите код бренда.', 1).optional(),
  form: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => v in formByName || v in FORM_NAMES, { error: say('form', 'капсулы, таблетки, порошок или жидкость.') })
    .transform((v) => formByName[v] ?? (v as keyof typeof FORM_NAMES))
    .optional(),
  published: yesNo('published').optional(),
  // Up to 100, not the editor's 60: the seed's SKUs are longer, and an existing SKU is only a key here.
  sku: pattern('sku', /^[A-Za-z0-9._-]{1,100}$/, O.sku),
  barcode: pattern('barcode', /^(\d{8,14})?$/, O.barcode).optional(),
  packageSize: integer('packageSize', O.packageSize, 1, 100_000).optional(),
  packageUnit: text('packageUnit', 20, O.packageUnit, 1).optional(),
  flavour: text('flavour', 100, O.flavour)
    .transform((v) => (v === '' ? null : v))
    .optional(),
  price: money('price', O.price).optional(),
  oldPrice: moneyOrNone('oldPrice', O.oldPrice).optional(),
  vatPercent: z
    .string()
    .transform((v) => v.replace(spaces, '').replace('%', ''))
    .refine((v) => (VAT_RATES as readonly number[]).includes(Number(v)) && v !== '', { error: say('vatPercent', O.vat) })
    .transform(Number)
    .optional(),
  stock: integerOrNone('stock', O.stock, 0, 10_000_000).optional(),
  lowStockThreshold: integerOrNone('lowStockThreshold', S.threshold, 0, 100_000).optional(),
  active: yesNo('active').optional(),
  weightGrams: integer('weightGrams', O.weight, 1, 100_000).optional(),
  widthMm: integer('widthMm', O.size, 1, 5_000).optional(),
  lengthMm: integer('lengthMm', O.size, 1, 5_000).optional(),
  heightMm: integer('heightMm', O.size, 1, 5_000).optional(),
  airRestricted: yesNo('airRestricted').optional(),
})
export type ImportRow = z.output<typeof importRow>

/** Columns where an empty cell means "none"; in any other an empty cell is as if the column were left out. */
const EMPTY_MEANS_NONE: ReadonlySet<ColumnKey> = new Set(['subTitle', 'line', 'barcode', 'flavour', 'oldPrice', 'stock', 'lowStockThreshold'])

/** The row's first problem, in Russian, or its parsed values. */
export function parseImportRow(cells: Partial<Record<ColumnKey, string>>): { ok: true; row: ImportRow } | { ok: false; reason: string } {
  const given = Object.fromEntries(Object.entries(cells).filter(([key, value]) => value.trim() !== '' || EMPTY_MEANS_NONE.has(key as ColumnKey)))
  const parsed = importRow.safeParse(given)
  if (parsed.success) {
    const row = parsed.data
    if (row.oldPrice != null && row.price !== undefined && row.oldPrice <= row.price) return { ok: false, reason: say('oldPrice', O.oldPrice) }
    return { ok: true, row }
  }
  const issue = parsed.error.issues[0]
  const key = issue?.path[0] as ColumnKey | undefined
  // A missing key column reads as its own rule, not as zod's "expected string".
  if (issue?.code === 'invalid_type' && key) return { ok: false, reason: say(key, key === 'code' ? P.code : O.sku) }
  return { ok: false, reason: issue?.message ?? P.format }
}
