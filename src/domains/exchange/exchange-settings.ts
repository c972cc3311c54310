import { z } from 'zod'

/**
 * The exchange's settings the owner changes in the back office (ADR 198): what used to be read from
 * the environment only (EXCHANGE_*). An empty field keeps the environment's value, so a shop set up
 * by .env behaves as before until someone changes it here. Pure: the registry (settings.ts) lists
 * these schemas, exchange-settings.server.ts resolves them against the environment.
 */

export const EXCHANGE_SETTING_MESSAGES = {
  text: 'Введите текст.',
  format: 'Неверный формат значения.',
  unknownField: 'Неизвестное поле.',
  encoding: 'Кодировка — windows-1251 или utf-8; пусто — из окружения (EXCHANGE_ENCODING).',
  fileLimit: 'Размер части — целое число килобайт от 64 до 1 048 576 (1 ГБ); пусто — из окружения.',
  stepSeconds: 'Время шага — целое число секунд от 1 до 600; пусто — из окружения.',
  tooLong: (max: number) => `Не длиннее ${max} символов.`,
  warehouses: 'Склады — их Ид из 1С через запятую.',
} as const
const M = EXCHANGE_SETTING_MESSAGES

export const EXCHANGE_ENCODINGS = ['windows-1251', 'utf-8'] as const
export type ExchangeEncoding = (typeof EXCHANGE_ENCODINGS)[number]

const strictObject = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownField : M.format) })

const text = (max: number) => z.string({ error: M.text }).trim().max(max, { error: M.tooLong(max) })

/** An empty field (the form sends '') or null: the environment's value. */
const emptyIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)
const wholeOrNone = (min: number, max: number, message: string) =>
  z.preprocess(emptyIsNull, z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).nullable())

/** How 1С talks to the shop: the answers' encoding, the biggest piece of a file, the time of an import step. */
export const exchangeProtocolInput = strictObject({
  encoding: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(['', ...EXCHANGE_ENCODINGS], { error: M.encoding }),
  ),
  fileLimitKb: wholeOrNone(64, 1_048_576, M.fileLimit),
  stepSeconds: wholeOrNone(1, 600, M.stepSeconds),
}).nullable()
/** null (a PATCH with null) clears the stored value: every field from the environment again. */
export type ExchangeProtocolSetting = NonNullable<z.output<typeof exchangeProtocolInput>>

/** What the catalogue takes from 1С's offers: which price types, which warehouses, and how stock is counted. */
export const exchangeCatalogInput = strictObject({
  retailPriceType: text(200),
  oldPriceType: text(200),
  warehouses: text(2000).refine((v) => !/[\r\n]/.test(v), { error: M.warehouses }),
  /** true: an offer's stock is the first listed warehouse's alone; false: the sum over the (listed) warehouses. */
  firstWarehouseOnly: z.boolean({ error: M.format }),
}).nullable()
export type ExchangeCatalogSetting = NonNullable<z.output<typeof exchangeCatalogInput>>

export const EXCHANGE_PROTOCOL_FALLBACK: ExchangeProtocolSetting = { encoding: '', fileLimitKb: null, stepSeconds: null }
export const EXCHANGE_CATALOG_FALLBACK: ExchangeCatalogSetting = { retailPriceType: '', oldPriceType: '', warehouses: '', firstWarehouseOnly: false }

/** Each field read on its own: one unreadable field keeps the environment's value, not the whole setting. */
function fieldwise<T extends Record<string, unknown>>(schema: z.ZodNullable<z.ZodObject>, fallback: T) {
  return (raw: unknown): T => {
    if (!raw || typeof raw !== 'object') return fallback
    const out: Record<string, unknown> = { ...fallback }
    for (const [name, field] of Object.entries(schema.unwrap().shape)) {
      const parsed = (field as z.ZodType).safeParse((raw as Record<string, unknown>)[name])
      if (parsed.success) out[name] = parsed.data
    }
    return out as T
  }
}
export const readExchangeProtocol = fieldwise<ExchangeProtocolSetting>(exchangeProtocolInput, EXCHANGE_PROTOCOL_FALLBACK)
export const readExchangeCatalog = fieldwise<ExchangeCatalogSetting>(exchangeCatalogInput, EXCHANGE_CATALOG_FALLBACK)

/** The values the exchange works with: the setting where it is given, else the environment's. */
export interface ExchangeSettings {
  encoding: ExchangeEncoding
  /** Bytes. */
  fileLimit: number
  stepSeconds: number
  /** A price type's name or Ид; undefined: «Розничная», else the first listed. */
  retailPriceType: string | undefined
  /** undefined: no old price. */
  oldPriceType: string | undefined
  /** Warehouse Ид; empty: all of them. */
  warehouses: string[]
  /** 'sum': the sum over the warehouses; 'first': the first listed warehouse's stock alone. */
  stock: 'sum' | 'first'
}

export interface ExchangeEnv {
  EXCHANGE_ENCODING: ExchangeEncoding
  EXCHANGE_FILE_LIMIT: number
  EXCHANGE_STEP_SECONDS: number
  EXCHANGE_RETAIL_PRICE_TYPE?: string | undefined
  EXCHANGE_OLD_PRICE_TYPE?: string | undefined
  EXCHANGE_WAREHOUSES?: string | undefined
}

const list = (text: string | undefined) => (text ?? '').split(',').map((s) => s.trim()).filter(Boolean)

export function resolveExchangeSettings(storedProtocol: ExchangeProtocolSetting | null, storedCatalog: ExchangeCatalogSetting | null, environment: ExchangeEnv): ExchangeSettings {
  const protocol = storedProtocol ?? EXCHANGE_PROTOCOL_FALLBACK
  const catalog = storedCatalog ?? EXCHANGE_CATALOG_FALLBACK
  const warehouses = catalog.warehouses ? list(catalog.warehouses) : list(environment.EXCHANGE_WAREHOUSES)
  return {
    encoding: protocol.encoding || environment.EXCHANGE_ENCODING,
    fileLimit: protocol.fileLimitKb !== null ? protocol.fileLimitKb * 1024 : environment.EXCHANGE_FILE_LIMIT,
    stepSeconds: protocol.stepSeconds ?? environment.EXCHANGE_STEP_SECONDS,
    retailPriceType: catalog.retailPriceType || environment.EXCHANGE_RETAIL_PRICE_TYPE || undefined,
    oldPriceType: catalog.oldPriceType || environment.EXCHANGE_OLD_PRICE_TYPE || undefined,
    warehouses,
    stock: catalog.firstWarehouseOnly && warehouses.length > 0 ? 'first' : 'sum',
  }
}

/** Sums or picks an offer's stock from its warehouses as the settings say; null when no listed warehouse has a figure. */
export function stockFromWarehouses(perWarehouse: readonly { id: string; qty: number }[], settings: Pick<ExchangeSettings, 'warehouses' | 'stock'>): number {
  const counted = perWarehouse.filter((w) => settings.warehouses.length === 0 || settings.warehouses.includes(w.id))
  if (settings.stock === 'first') {
    const first = settings.warehouses[0]
    return counted.filter((w) => w.id === first).reduce((sum, w) => sum + w.qty, 0)
  }
  return counted.reduce((sum, w) => sum + w.qty, 0)
}
