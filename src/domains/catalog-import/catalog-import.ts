/**
 * The catalogue file (issue 20, ADR 186): one row per offer, the product's fields repeated on each of
 * its offers. Headers are Russian; the order below is the export's, an import may have them in any
 * order and may leave out any column but the two keys (a missing column keeps what is stored). No
 * zod or database imports here, so the back office's client page can show the columns.
 */
export const COLUMNS = [
  { key: 'code', header: 'Код товара', level: 'product', hint: 'адрес товара: латиница, цифры, «-», «_»; ключ товара' },
  { key: 'name', header: 'Название', level: 'product', hint: 'от 2 до 200 символов' },
  { key: 'subTitle', header: 'Подзаголовок', level: 'product', hint: 'можно пусто' },
  { key: 'line', header: 'Линейка', level: 'product', hint: 'можно пусто' },
  { key: 'sections', header: 'Разделы', level: 'product', hint: 'коды разделов через запятую, первый — основной' },
  { key: 'brand', header: 'Бренд', level: 'product', hint: 'код бренда' },
  { key: 'form', header: 'Форма выпуска', level: 'product', hint: 'капсулы, таблетки, порошок или жидкость' },
  { key: 'published', header: 'Опубликован', level: 'product', hint: 'да или нет' },
  { key: 'sku', header: 'Артикул', level: 'offer', hint: 'ключ предложения: латиница, цифры, «-», «_», «.»' },
  { key: 'barcode', header: 'Штрихкод', level: 'offer', hint: '8–14 цифр или пусто' },
  { key: 'packageSize', header: 'Количество в упаковке', level: 'offer', hint: 'целое число' },
  { key: 'packageUnit', header: 'Единица', level: 'offer', hint: 'капсул, таблеток, мл, г…' },
  { key: 'flavour', header: 'Вкус', level: 'offer', hint: 'пусто — без вкуса' },
  { key: 'price', header: 'Цена, ₽', level: 'offer', hint: 'рубли, копейки через запятую или точку' },
  { key: 'oldPrice', header: 'Старая цена, ₽', level: 'offer', hint: 'больше цены; пусто — без скидки' },
  { key: 'vatPercent', header: 'НДС, %', level: 'offer', hint: '0, 5, 7, 10, 20 или 22' },
  { key: 'stock', header: 'Остаток', level: 'offer', hint: 'целое число; пусто — не учитывается' },
  { key: 'lowStockThreshold', header: 'Порог остатка', level: 'offer', hint: 'пусто — общий порог магазина' },
  { key: 'active', header: 'Активно', level: 'offer', hint: 'да или нет' },
  { key: 'weightGrams', header: 'Вес, г', level: 'offer', hint: 'целое число' },
  { key: 'widthMm', header: 'Ширина, мм', level: 'offer', hint: 'целое число' },
  { key: 'lengthMm', header: 'Длина, мм', level: 'offer', hint: 'целое число' },
  { key: 'heightMm', header: 'Высота, мм', level: 'offer', hint: 'целое число' },
  { key: 'airRestricted', header: 'Без авиадоставки', level: 'offer', hint: 'да или нет' },
] as const

export type ColumnKey = (typeof COLUMNS)[number]['key']

/**
 * The catalogue filter's properties (ADR 204) as columns (ADR 210): one per property after the fixed
 * columns, headed «Фильтр: <name>» — the name the owner sees in the filter and in «Свойства фильтра».
 * The cell lists the product's values by name, comma-separated; empty means none. On import the part
 * after «Фильтр:» may also be the property's code (it survives a rename), or «name (code)», which the
 * export writes only when two properties share a name.
 */
export const FILTER_COLUMN_PREFIX = 'Фильтр: '
export const FILTER_COLUMN_HINT =
  'по столбцу на каждое свойство фильтра: значения товара через запятую, как они названы в «Свойствах фильтра»; пусто — нет значений; неизвестное значение отклоняет строку'
export const PRODUCT_KEYS = COLUMNS.filter((c) => c.level === 'product').map((c) => c.key)
export const HEADER_OF = Object.fromEntries(COLUMNS.map((c) => [c.key, c.header])) as Record<ColumnKey, string>

/** The storefront's forms of release, as the file names them. */
export const FORM_NAMES = { capsules: 'капсулы', tablets: 'таблетки', powder: 'порошок', liquid: 'жидкость' } as const

export const IMPORT_MESSAGES = {
  notUtf8: 'Файл не в кодировке UTF-8: сохраните его как «CSV UTF-8» или в формате XLSX.',
  badXlsx: 'Не удалось прочитать файл XLSX: сохраните его в Excel заново или выгрузите в CSV.',
  badCsv: (detail: string) => `Не удалось разобрать CSV: ${detail}.`,
  empty: 'В файле нет строк с товарами.',
  tooManyRows: (max: number) => `В файле больше ${max.toLocaleString('ru-RU')} строк: разделите его на части.`,
  tooLarge: 'Файл больше 20 МБ: разделите его на части.',
  unknownColumn: (header: string) => `Неизвестный столбец «${header}».`,
  duplicateColumn: (header: string) => `Столбец «${header}» встречается дважды.`,
  missingColumn: (header: string) => `Нет обязательного столбца «${header}».`,
  blankRow: 'Пустая строка.',
  duplicateSku: (sku: string, line: number) => `Артикул ${sku} уже встречается в строке ${line}.`,
  productMismatch: (header: string, line: number) => `«${header}» не совпадает со строкой ${line} того же товара: поля товара должны быть одинаковыми во всех его строках.`,
  skuOfOther: (sku: string, code: string) => `Артикул ${sku} принадлежит другому товару (${code}).`,
  newProductNeeds: (header: string) => `Для нового товара заполните «${header}».`,
  newOfferNeeds: (header: string) => `Для нового предложения заполните «${header}».`,
  sectionGone: (code: string) => `Раздела «${code}» нет.`,
  brandGone: (code: string) => `Бренда «${code}» нет.`,
  publishWithoutOffer: 'Опубликованному товару нужно хотя бы одно активное предложение.',
  productRefused: (line: number) => `Товар не принят: см. строку ${line}.`,
  unknownProperty: (header: string) =>
    `Столбец «${header}»: такого свойства фильтра нет. Проверьте название в «Свойствах фильтра» или укажите код свойства.`,
  unknownOption: (header: string, value: string) =>
    `«${header}»: значения «${value}» у свойства нет. Исправьте опечатку или сначала добавьте значение в «Свойствах фильтра».`,
  filterCellTooLong: (header: string) => `«${header}»: не больше 2 000 символов.`,
  stockForbidden: 'Остаток меняет склад или владелец: оставьте в этой строке прежний остаток.',
  refused: 'В файле есть строки с ошибками — ничего не изменено. Исправьте их и загрузите файл снова.',
  applied: 'Импорт выполнен.',
} as const

export const MAX_IMPORT_ROWS = 20_000
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024

export type LineAction = 'create' | 'update' | 'same' | 'refused'

export interface ImportLine {
  /** The line in the file (the header is line 1); in XLSX the sheet's row number. */
  line: number
  code: string
  sku: string
  action: LineAction
  /** Created with its product (a new product's first row). */
  newProduct?: boolean
  /** The headers of what changes, for 'update'. */
  changes?: string[]
  reason?: string
}

export interface ImportReport {
  dryRun: boolean
  format: 'csv' | 'xlsx'
  /** ';' or ',' for CSV. */
  delimiter?: string
  rows: number
  products: { create: number; update: number }
  offers: { create: number; update: number }
  same: number
  refused: number
  /** File-level problems (headers): nothing can be imported until they are fixed. */
  fileErrors: string[]
  /** Every line that creates, changes or is refused (the first 2 000), in file order. */
  lines: ImportLine[]
  /** More lines than `lines` holds. */
  truncated: boolean
}
