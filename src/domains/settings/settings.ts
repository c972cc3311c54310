import { z } from 'zod'
import { checkoutLimitsOf, DEFAULT_CHECKOUT_LIMITS, type CheckoutLimits } from '@/domains/checkout/checkout-limits'
import type { HolidayNoticeSetting } from '@/domains/checkout/one-click'
import { DEFAULT_FIELD_OWNERSHIP, EXCHANGE_FIELDS, fieldOwnershipInput, fieldOwnershipOf } from '@/domains/exchange/field-ownership'
import { EXCHANGE_CATALOG_FALLBACK, EXCHANGE_PROTOCOL_FALLBACK, exchangeCatalogInput, exchangeProtocolInput, readExchangeCatalog, readExchangeProtocol } from '@/domains/exchange/exchange-settings'
import type { StoredShopDetails } from '@/domains/layout/shop'
import { storedShopDetails } from '@/domains/layout/shop.schema'

/**
 * Every shop setting a manager changes without code, in one registry: its key in the `settings`
 * table, its Russian label and group for the back office, the schema a new value must pass, the
 * value in use while none is stored, and how the form shows it. The keys and shapes are the ones the
 * storefront already read before the back office existed, so nothing stored needs migrating.
 */

export const SETTING_GROUPS = {
  shop: 'Реквизиты магазина',
  orders: 'Заказы',
  holiday: 'Праздничное уведомление',
  newsletter: 'Рассылка',
  mail: 'Почта',
  analytics: 'Аналитика',
  limits: 'Защита от злоупотреблений',
  stock: 'Склад',
  exchange: 'Обмен с 1С',
} as const
export type SettingGroup = keyof typeof SETTING_GROUPS

/** How the back office's form shows one value (or one field of an object value). */
/** 'moneyOrNone': rubles, or empty for none (null). */
export type FieldKind = 'text' | 'textarea' | 'money' | 'moneyOrNone' | 'integer' | 'date' | 'checkbox' | 'email'

export interface SettingField {
  /** The field of an object value; '' for a value that is itself a number or a string. */
  name: string
  label: string
  kind: FieldKind
  hint?: string
}

export interface SettingDefinition<S extends z.ZodType> {
  label: string
  group: SettingGroup
  hint?: string
  /** What a new value must satisfy; its messages are the form's, in Russian. */
  schema: S
  /** In use while nothing (or something unreadable) is stored. */
  fallback: z.output<S>
  /** How a stored value is read when it may predate the schema; default: the schema, else `fallback`. */
  read?: (raw: unknown) => z.output<S>
  fields: readonly SettingField[]
}

const define = <S extends z.ZodType>(definition: SettingDefinition<S>): SettingDefinition<S> => definition

// ---------- messages ----------

const M = {
  format: 'Неверный формат значения.',
  unknownField: 'Неизвестное поле.',
  integer: 'Введите целое число.',
  text: 'Введите текст.',
  tooLong: (max: number) => `Не длиннее ${max} символов.`,
  inn: 'ИНН — 10 цифр для организации или 12 для ИП.',
  kpp: 'КПП — 9 цифр.',
  ogrn: 'ОГРН — 13 цифр (ОГРНИП — 15).',
  bik: 'БИК — 9 цифр.',
  account: 'Расчётный счёт — 20 цифр.',
  corrAccount: 'Корреспондентский счёт — 20 цифр.',
  email: 'Введите адрес электронной почты, например shop@example.ru.',
  phone: 'Введите телефон: от 10 до 15 цифр.',
  minOrderSum: 'Минимальная сумма заказа — от 0 до 1 000 000 ₽.',
  unpaidMinutes: 'Время на оплату — от 5 минут до 7 суток (10 080 минут).',
  date: 'Введите дату в формате ГГГГ-ММ-ДД.',
  dateOrder: 'Дата окончания не может быть раньше даты начала.',
  required: 'Заполните поле.',
  limit: 'Введите целое число от 1 до 100 000.',
  freeFrom: 'Порог — сумма больше 0 ₽; пусто — доставка не бывает бесплатной.',
  example: 'Укажите, пример это или настоящие реквизиты.',
  metrikaId: 'Номер счётчика Яндекс Метрики — только цифры (до 12), например 12345678.',
  gtmId: 'Контейнер Google Tag Manager — вида GTM-XXXXXXX (латинские буквы и цифры).',
  mailFrom: 'Отправитель — адрес или «Имя <адрес>», например «Витамаркет <shop@example.ru>».',
  lowStock: 'Порог — целое число от 0 до 100 000.',
} as const

/** An object whose every issue of its own (wrong type, unknown field) reads in Russian. */
const strictObject = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownField : M.format) })

const text = (max: number) => z.string({ error: M.text }).trim().max(max, { error: M.tooLong(max) })
/** Empty, or matching `pattern` (a detail may stay unset until the owner has it). */
const digitsOrEmpty = (pattern: RegExp, message: string) => z.string({ error: M.text }).trim().regex(pattern, { error: message }).or(z.literal(''))
const emailOrEmpty = z.string({ error: M.text }).trim().max(200, { error: M.tooLong(200) }).pipe(z.email({ error: M.email }).or(z.literal('')))
const phoneOrEmpty = z
  .string({ error: M.text })
  .trim()
  .max(40, { error: M.tooLong(40) })
  .refine((v) => v === '' || /^[\d\s()+-]+$/.test(v) && /^\d{10,15}$/.test(v.replace(/\D/g, '')), { error: M.phone })
const isoDate = z
  .string({ error: M.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.date })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: M.date })
/** 'shop@example.ru' or 'Витамаркет <shop@example.ru>': one mailbox, no list, no line breaks. */
const mailbox = /^(?:[^<>\r\n,;"]{1,100} <[^\s@<>]+@[^\s@<>]+\.[^\s@<>]{2,}>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]{2,})$/
const limitCount = z.number({ error: M.limit }).int({ error: M.limit }).min(1, { error: M.limit }).max(100_000, { error: M.limit })

// ---------- the shop's details (ADR 110) ----------

export const shopDetailsInput = strictObject({
  legalName: text(300).optional(),
  inn: digitsOrEmpty(/^(\d{10}|\d{12})$/, M.inn).optional(),
  kpp: digitsOrEmpty(/^\d{9}$/, M.kpp).optional(),
  ogrn: digitsOrEmpty(/^(\d{13}|\d{15})$/, M.ogrn).optional(),
  address: text(500).optional(),
  phone: phoneOrEmpty.optional(),
  hours: text(300).optional(),
  email: emailOrEmpty.optional(),
  bankName: text(300).optional(),
  bik: digitsOrEmpty(/^\d{9}$/, M.bik).optional(),
  account: digitsOrEmpty(/^\d{20}$/, M.account).optional(),
  corrAccount: digitsOrEmpty(/^\d{20}$/, M.corrAccount).optional(),
  leadsEmail: emailOrEmpty.optional(),
  example: z.boolean({ error: M.example }).optional(),
}) satisfies z.ZodType<StoredShopDetails>

// ---------- the one-click holiday notice (ADR 105) ----------

export const holidayNoticeInput = strictObject({
  from: isoDate,
  to: isoDate,
  start: text(500).min(1, { error: M.required }),
  thanks: text(500).min(1, { error: M.required }),
})
  .refine((v) => v.to >= v.from, { error: M.dateOrder, path: ['to'] })
  .nullable() satisfies z.ZodType<HolidayNoticeSetting | null>

// ---------- analytics counters (ADR 115, 168) ----------

/**
 * An empty id, or null for both (what the form sends when both fields are left empty): the
 * environment's (METRIKA_ID, GTM_ID). The patterns are env.ts's.
 */
export const analyticsCountersInput = strictObject({
  metrikaId: z.string({ error: M.text }).trim().regex(/^\d{1,12}$/, { error: M.metrikaId }).or(z.literal('')),
  gtmId: z.string({ error: M.text }).trim().regex(/^GTM-[A-Z0-9]{4,12}$/, { error: M.gtmId }).or(z.literal('')),
}).nullable()
export type AnalyticsCountersSetting = z.output<typeof analyticsCountersInput>

export const checkoutLimitsInput = strictObject({
  ordersPerSession: limitCount,
  ordersPerIp: limitCount,
  couponTriesPerSession: limitCount,
  couponTriesPerIp: limitCount,
  windowMinutes: limitCount,
}) satisfies z.ZodType<CheckoutLimits>

const kopecks = z
  .number({ error: M.minOrderSum })
  .int({ error: M.minOrderSum })
  .min(0, { error: M.minOrderSum })
  .max(100_000_000, { error: M.minOrderSum })

export const SETTINGS = {
  'shop.details': define({
    label: 'Реквизиты компании',
    group: 'shop',
    hint: 'Показываются в подвале, на странице контактов, в юридических документах и в счёте на оплату. Переменные окружения SHOP_* важнее этих значений.',
    schema: shopDetailsInput,
    fallback: {},
    read: (raw) => {
      const parsed = storedShopDetails.safeParse(raw)
      return parsed.success ? parsed.data : {}
    },
    fields: [
      { name: 'legalName', label: 'Юридическое название', kind: 'text' },
      { name: 'inn', label: 'ИНН', kind: 'text' },
      { name: 'kpp', label: 'КПП', kind: 'text' },
      { name: 'ogrn', label: 'ОГРН', kind: 'text' },
      { name: 'address', label: 'Юридический адрес', kind: 'textarea' },
      { name: 'phone', label: 'Телефон', kind: 'text' },
      { name: 'hours', label: 'Часы работы', kind: 'text' },
      { name: 'email', label: 'Электронная почта для покупателей', kind: 'email' },
      { name: 'bankName', label: 'Банк', kind: 'text' },
      { name: 'bik', label: 'БИК', kind: 'text' },
      { name: 'account', label: 'Расчётный счёт', kind: 'text' },
      { name: 'corrAccount', label: 'Корреспондентский счёт', kind: 'text' },
      { name: 'leadsEmail', label: 'Почта для заявок B2B и вебинаров', kind: 'email', hint: 'Пусто — общий ящик магазина.' },
      { name: 'example', label: 'Это демонстрационные реквизиты', kind: 'checkbox', hint: 'Пока отмечено, страницы предупреждают, что реквизиты вымышлены.' },
    ],
  }),
  minOrderSum: define({
    label: 'Минимальная сумма заказа',
    group: 'orders',
    hint: '0 — без ограничения. Корзина и оформление заказа не пропускают заказ на меньшую сумму.',
    schema: kopecks,
    fallback: 0,
    fields: [{ name: '', label: 'Минимальная сумма заказа, ₽', kind: 'money' }],
  }),
  unpaidOrderMinutes: define({
    label: 'Время на онлайн-оплату',
    group: 'orders',
    hint: 'Неоплаченный заказ картой или «Долями» отменяется по истечении этого времени, товар возвращается на склад.',
    schema: z
      .number({ error: M.unpaidMinutes })
      .int({ error: M.unpaidMinutes })
      .min(5, { error: M.unpaidMinutes })
      .max(7 * 24 * 60, { error: M.unpaidMinutes }),
    fallback: 30,
    fields: [{ name: '', label: 'Минут на оплату', kind: 'integer' }],
  }),
  oneClickHolidayMessages: define({
    label: 'Праздничное уведомление',
    group: 'holiday',
    hint: 'В эти дни (по московскому времени) форма заказа в один клик показывает свои тексты. Пустые даты — уведомления нет.',
    schema: holidayNoticeInput,
    fallback: null,
    fields: [
      { name: 'from', label: 'С (включительно)', kind: 'date' },
      { name: 'to', label: 'По (включительно)', kind: 'date' },
      { name: 'start', label: 'Текст перед заказом', kind: 'textarea' },
      { name: 'thanks', label: 'Текст после заказа', kind: 'textarea' },
    ],
  }),
  'newsletter.promoRegion': define({
    label: 'Регион акции для подписчиков',
    group: 'newsletter',
    hint: 'Новые подписчики из этого региона получают промокод на 10%. Пусто — акции нет.',
    schema: text(200),
    fallback: '',
    // An early shape kept the region in an object.
    read: (raw) => {
      if (typeof raw === 'string') return raw
      if (raw && typeof raw === 'object' && 'region' in raw && typeof raw.region === 'string') return raw.region
      return ''
    },
    fields: [{ name: '', label: 'Регион (как в справочнике городов)', kind: 'text' }],
  }),
  'mail.from': define({
    label: 'Отправитель писем',
    group: 'mail',
    hint: 'Как покупатели видят отправителя писем магазина. Пусто — значение MAIL_FROM из окружения. Адрес должен принадлежать домену, с которого почтовый сервер вправе отправлять.',
    schema: text(200).refine((v) => v === '' || mailbox.test(v), { error: M.mailFrom }),
    fallback: '',
    fields: [{ name: '', label: 'Отправитель (From)', kind: 'text' }],
  }),
  'analytics.counters': define({
    label: 'Счётчики аналитики',
    group: 'analytics',
    hint: 'Счётчики загружаются на витрине после согласия покупателя на cookie; политика безопасности (CSP) пропускает их адреса. Пустое поле — значение из окружения сервера (METRIKA_ID, GTM_ID).',
    schema: analyticsCountersInput,
    fallback: null,
    fields: [
      { name: 'metrikaId', label: 'Номер счётчика Яндекс Метрики', kind: 'text' },
      { name: 'gtmId', label: 'Контейнер Google Tag Manager', kind: 'text' },
    ],
  }),
  checkoutLimits: define({
    label: 'Ограничения оформления заказа',
    group: 'limits',
    hint: 'Сколько заказов и попыток ввести промокод разрешено за окно времени с одной сессии и с одного адреса.',
    schema: checkoutLimitsInput,
    fallback: DEFAULT_CHECKOUT_LIMITS,
    // Field by field: one broken number keeps its default, not all of them (ADR 154).
    read: checkoutLimitsOf,
    fields: [
      { name: 'ordersPerSession', label: 'Заказов с одной сессии', kind: 'integer' },
      { name: 'ordersPerIp', label: 'Заказов с одного адреса', kind: 'integer' },
      { name: 'couponTriesPerSession', label: 'Попыток промокода с одной сессии', kind: 'integer' },
      { name: 'couponTriesPerIp', label: 'Попыток промокода с одного адреса', kind: 'integer' },
      { name: 'windowMinutes', label: 'Окно, минут', kind: 'integer' },
    ],
  }),
  'stock.lowThreshold': define({
    label: 'Порог «заканчивается на складе»',
    group: 'stock',
    hint: 'Предложение с остатком не больше порога попадает в список «Заканчиваются» на обзоре и в таблице остатков. У предложения может быть свой порог (таблица «Остатки»).',
    schema: z.number({ error: M.lowStock }).int({ error: M.lowStock }).min(0, { error: M.lowStock }).max(100_000, { error: M.lowStock }),
    fallback: 5,
    fields: [{ name: '', label: 'Порог, шт.', kind: 'integer' }],
  }),
  'exchange.fieldOwnership': define({
    label: 'Что обмен с 1С перезаписывает',
    group: 'exchange',
    hint: 'Отмеченные поля каждый обмен берёт из 1С (пустое значение из 1С текст сайта не стирает). Неотмеченные ведёт сайт: 1С заполняет их, только пока они пусты. Цены, остатки и пометки удаления всегда из 1С.',
    schema: fieldOwnershipInput,
    fallback: DEFAULT_FIELD_OWNERSHIP,
    // Field by field: a field added later keeps its default in a value stored before it.
    read: fieldOwnershipOf,
    fields: EXCHANGE_FIELDS.map((f) => ({ name: f.key, label: `${f.label} — из 1С`, kind: 'checkbox' as const, hint: f.hint })),
  }),
  // ADR 198: what the environment's EXCHANGE_* set; an empty field keeps the environment's value.
  'exchange.protocol': define({
    label: 'Протокол обмена',
    group: 'exchange',
    hint: 'Как сайт отвечает 1С. Пустое поле — значение из окружения сервера (EXCHANGE_ENCODING, EXCHANGE_FILE_LIMIT, EXCHANGE_STEP_SECONDS).',
    schema: exchangeProtocolInput,
    fallback: EXCHANGE_PROTOCOL_FALLBACK,
    read: readExchangeProtocol,
    fields: [
      { name: 'encoding', label: 'Кодировка ответов и заказов', kind: 'text', hint: 'windows-1251 (как Битрикс) или utf-8 — как настроена 1С.' },
      { name: 'fileLimitKb', label: 'Наибольшая часть файла, КБ', kind: 'integer', hint: 'Сайт сообщает её 1С при начале обмена; больше — частями.' },
      { name: 'stepSeconds', label: 'Время одного шага загрузки, секунд', kind: 'integer', hint: 'Потом сайт отвечает «progress», и 1С повторяет запрос.' },
    ],
  }),
  'exchange.catalog': define({
    label: 'Цены и остатки из 1С',
    group: 'exchange',
    hint: 'Какие виды цен и склады 1С берёт сайт. Пустое поле — значение из окружения (EXCHANGE_RETAIL_PRICE_TYPE, EXCHANGE_OLD_PRICE_TYPE, EXCHANGE_WAREHOUSES).',
    schema: exchangeCatalogInput,
    fallback: EXCHANGE_CATALOG_FALLBACK,
    read: readExchangeCatalog,
    fields: [
      { name: 'retailPriceType', label: 'Вид цены — цена на сайте', kind: 'text', hint: 'Наименование или Ид вида цены в 1С.' },
      { name: 'oldPriceType', label: 'Вид цены — старая (зачёркнутая) цена', kind: 'text', hint: 'Показывается, когда выше цены на сайте.' },
      { name: 'warehouses', label: 'Склады (Ид через запятую)', kind: 'text', hint: 'Чьи остатки считает сайт.' },
      { name: 'firstWarehouseOnly', label: 'Остаток — только первого склада из списка', kind: 'checkbox', hint: 'Иначе остаток — сумма по складам.' },
    ],
  }),
} as const

export type Settings = typeof SETTINGS
export type SettingKey = keyof Settings
export type SettingValue<K extends SettingKey> = z.output<Settings[K]['schema']>
export type SettingValues = { [K in SettingKey]: SettingValue<K> }

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[]

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key)
}

/** The value in use for what is stored under `key` (undefined: no row). */
export function settingValue<K extends SettingKey>(key: K, raw: unknown): SettingValue<K> {
  const definition: SettingDefinition<z.ZodType> = SETTINGS[key]
  if (raw === undefined) return definition.fallback as SettingValue<K>
  if (definition.read) return definition.read(raw) as SettingValue<K>
  const parsed = definition.schema.safeParse(raw)
  return (parsed.success ? parsed.data : definition.fallback) as SettingValue<K>
}

/**
 * Free-delivery thresholds are not rows of the settings table: each delivery method keeps its own
 * (delivery_services.free_from_kopecks, read by the tariff code), so the back office edits them there,
 * by the method's code. null: never free.
 */
export const FREE_DELIVERY_KEY = 'freeDelivery'
const freeFrom = z
  .number({ error: M.freeFrom })
  .int({ error: M.freeFrom })
  .min(1, { error: M.freeFrom })
  .max(100_000_000, { error: M.freeFrom })
  .nullable()
export const freeDeliveryPatch = z.record(z.string().regex(/^[a-z0-9_-]{1,40}$/, { error: M.unknownField }), freeFrom, { error: M.format })

export interface FreeDeliveryRow {
  code: string
  name: string
  freeFromKopecks: number | null
}

/** A change of several settings at once; each present key is checked with its own schema. */
export const settingsPatch = z.strictObject(
  {
    ...(Object.fromEntries(SETTING_KEYS.map((key) => [key, SETTINGS[key].schema.optional()])) as { [K in SettingKey]: z.ZodOptional<Settings[K]['schema']> }),
    [FREE_DELIVERY_KEY]: freeDeliveryPatch.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Неизвестная настройка: ${issue.keys.join(', ')}.` : M.format) },
)
export type SettingsPatch = z.infer<typeof settingsPatch>

/** Every setting's value, as the back office reads them all at once. */
export const settingValues = z.object(
  Object.fromEntries(SETTING_KEYS.map((key) => [key, SETTINGS[key].schema])) as { [K in SettingKey]: Settings[K]['schema'] },
)

export interface FieldError {
  /** 'minOrderSum', 'shop.details.inn', …: the setting's key, then the field inside it. */
  field: string
  message: string
}

/** The problems of a patch, one per field, in Russian; empty when it may be stored. */
export function patchErrors(patch: unknown): FieldError[] {
  const parsed = settingsPatch.safeParse(patch)
  if (parsed.success) return []
  const seen = new Set<string>()
  const errors: FieldError[] = []
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.')
    if (seen.has(field)) continue
    seen.add(field)
    errors.push({ field, message: issue.message })
  }
  return errors
}
