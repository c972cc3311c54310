import { z } from 'zod'

/**
 * Which fields of a product the exchange with 1С may overwrite (ADR 197). A field 1С owns takes 1С's
 * value at every import, when 1С sends one: an empty value from 1С never wipes what the site has. A
 * field the site owns is the content editor's: 1С's value only fills it while it is empty on the site
 * (a product the import has just made, a text nobody wrote yet), and never replaces it afterwards.
 *
 * Prices, stock, the deletion mark and the offers' characteristics are always 1С's: they are what the
 * exchange is for. The setting is `exchange.fieldOwnership` in the settings registry; its value is an
 * object of booleans, true where 1С owns the field, so the back office shows it as checkboxes.
 */

export const EXCHANGE_FIELDS = [
  { key: 'name', label: 'Название', hint: 'Наименование товара в 1С.' },
  { key: 'description', label: 'Описание', hint: 'Описание товара в 1С.' },
  { key: 'composition', label: 'Состав', hint: 'Реквизит или свойство «Состав».' },
  { key: 'howToUse', label: 'Способ применения', hint: 'Реквизит или свойство «Способ применения» («Применение»).' },
  { key: 'instruction', label: 'Инструкция', hint: 'Реквизит или свойство «Инструкция».' },
  { key: 'section', label: 'Раздел каталога', hint: 'Группа товара в 1С; сопоставленная с разделом группа всегда ведёт в свой раздел.' },
  { key: 'brand', label: 'Бренд', hint: 'Изготовитель, реквизит или свойство «Производитель» («Бренд»).' },
  { key: 'properties', label: 'Характеристики товара', hint: 'Значения свойств товара в 1С.' },
  { key: 'pictures', label: 'Картинки', hint: 'Файлы из import_files. Из 1С — картинки 1С добавляются к товару, а убранные в 1С снимаются; иначе картинки 1С ставятся только товару без картинок.' },
  { key: 'barcode', label: 'Штрихкод', hint: 'Штрихкод товара или характеристики в 1С.' },
] as const

export type ExchangeField = (typeof EXCHANGE_FIELDS)[number]['key']

/** true: 1С overwrites the field at every import; false: the site owns it (1С only fills it while empty). */
export type FieldOwnership = Record<ExchangeField, boolean>

/**
 * What ADR 190 did before the setting: name, description, section, properties and barcodes follow
 * 1С (an empty value from 1С keeping the site's); the brand is chosen once when the product is made;
 * composition, use and instruction were never written; pictures were not attached at all (now they
 * fill a product that has none).
 */
export const DEFAULT_FIELD_OWNERSHIP: FieldOwnership = {
  name: true,
  description: true,
  composition: false,
  howToUse: false,
  instruction: false,
  section: true,
  brand: false,
  properties: true,
  pictures: false,
  barcode: true,
}

const MESSAGES = {
  format: 'Неверный формат значения.',
  unknownField: 'Неизвестное поле.',
  flag: 'Отметьте или снимите флажок.',
} as const

const flag = z.boolean({ error: MESSAGES.flag })

/** A new value: every field given, true or false. */
export const fieldOwnershipInput = z.strictObject(
  Object.fromEntries(EXCHANGE_FIELDS.map((f) => [f.key, flag])) as Record<ExchangeField, typeof flag>,
  { error: (issue) => (issue.code === 'unrecognized_keys' ? MESSAGES.unknownField : MESSAGES.format) },
) satisfies z.ZodType<FieldOwnership>

/**
 * A stored value read field by field: a field missing (stored before the field existed) or unreadable
 * keeps its default, an unknown one is ignored.
 */
export function fieldOwnershipOf(raw: unknown): FieldOwnership {
  const out: FieldOwnership = { ...DEFAULT_FIELD_OWNERSHIP }
  if (!raw || typeof raw !== 'object') return out
  for (const { key } of EXCHANGE_FIELDS) {
    const value: unknown = (raw as Record<string, unknown>)[key]
    if (typeof value === 'boolean') out[key] = value
  }
  return out
}

/**
 * The value a field takes at an import: 1С's when the field is 1С's, or empty on the site; the site's
 * otherwise. An empty value from 1С (null, '') never replaces the site's. `undefined`: leave it.
 */
export function nextValue<T>(owned: boolean, site: T, fromOneC: T | null | undefined, isEmpty: (v: T) => boolean = (v) => v === '' || v === null): T | undefined {
  if (fromOneC === undefined || fromOneC === null || isEmpty(fromOneC)) return undefined
  if (!owned && !isEmpty(site)) return undefined
  return fromOneC === site ? undefined : fromOneC
}
