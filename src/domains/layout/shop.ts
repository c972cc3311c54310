import { phoneDigits } from '@/lib/phone'

/** The shop's brand, shown in the header, titles and the footer; not a legal detail. */
export const SHOP = { name: 'Витамаркет' } as const

/** The settings key the back office writes the company details to (ADR 110). */
export const SHOP_DETAILS_KEY = 'shop.details'

/**
 * The company behind the shop: legal pages, invoices, the footer and the contacts page show these.
 * They come from the settings (ADR 110): environment overrides, then the `shop.details` row the back
 * office writes, then the built-in example below.
 */
export interface ShopDetails {
  legalName: string
  inn: string
  kpp: string
  ogrn: string
  address: string
  phone: string
  hours: string
  /** The public address buyers write to (footer, legal pages, contacts). */
  email: string
  bankName: string
  bik: string
  account: string
  corrAccount: string
  /** Where B2B requests and webinar registrations are mailed; empty: the shop inbox (SHOP_EMAIL). */
  leadsEmail: string
}

export type ShopDetailsField = keyof ShopDetails

export const SHOP_DETAIL_FIELDS = [
  'legalName',
  'inn',
  'kpp',
  'ogrn',
  'address',
  'phone',
  'hours',
  'email',
  'bankName',
  'bik',
  'account',
  'corrAccount',
  'leadsEmail',
] as const satisfies readonly ShopDetailsField[]

/** A made-up company: what a fresh install shows until the owner enters real details. */
export const EXAMPLE_SHOP_DETAILS: ShopDetails = {
  legalName: 'ООО «Витамаркет»',
  inn: '7701234567',
  kpp: '770501001',
  ogrn: '1207700123456',
  address: '115054, г. Москва, ул. Дубининская, д. 57, стр. 1',
  phone: '8 800 200-52-52',
  hours: 'ежедневно с 3:30 до 20:30 по московскому времени',
  email: 'shop@vitamarket.ru',
  bankName: 'ПАО «Сбербанк», г. Москва',
  bik: '044525225',
  account: '40702810938000123456',
  corrAccount: '30101810400000000225',
  leadsEmail: '',
}

/** The details in use and whether they are still the example (then pages say so plainly). */
export interface ResolvedShopDetails extends ShopDetails {
  example: boolean
}

/** What the settings row may hold: some or all of the details, and `example: true` on demo data. */
export type StoredShopDetails = Partial<ShopDetails> & { example?: boolean }

/**
 * Environment first, then the stored row, then the built-in example. The details count as an example
 * while the company's identity (name and INN) is not configured anywhere, or the row says it is one.
 */
export function resolveShopDetails(stored: StoredShopDetails | null, overrides: Partial<ShopDetails>): ResolvedShopDetails {
  const pick = (field: ShopDetailsField): string => overrides[field] || stored?.[field] || EXAMPLE_SHOP_DETAILS[field]
  const details = Object.fromEntries(SHOP_DETAIL_FIELDS.map((f) => [f, pick(f)])) as unknown as ShopDetails
  const identityConfigured = Boolean((overrides.legalName || stored?.legalName) && (overrides.inn || stored?.inn))
  const identityFromEnv = Boolean(overrides.legalName || overrides.inn)
  const example = !identityConfigured || (stored?.example === true && !identityFromEnv)
  return { ...details, example }
}

export const phoneHref = (phone: string) => `tel:+${phoneDigits(phone)}`

/** The visible note on pages that show the example details (legal pages, invoice, footer). */
export const EXAMPLE_NOTE =
  'Демонстрационный магазин: реквизиты компании на этой странице (название, ИНН, ОГРН, адрес, банковские счета) вымышлены и приведены как пример. Настоящие реквизиты владелец магазина указывает в настройках.'
export const EXAMPLE_NOTE_SHORT = 'Реквизиты приведены как пример.'

/**
 * Legal texts name the company through placeholders ({legalName}, {inn}, {ogrn}, {kpp}, {address},
 * {email}, {phone}, {hours}), so the pages always show the configured details.
 */
export function fillDetails(text: string, details: ShopDetails): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    (SHOP_DETAIL_FIELDS as readonly string[]).includes(name) ? details[name as ShopDetailsField] : whole,
  )
}

export const LEGAL_LINKS = [
  { href: '/about/dogovor_publichnoy_oferty/', label: 'Публичная оферта' },
  { href: '/about/politika_obrabotki/', label: 'Политика обработки персональных данных' },
  { href: '/about/politika_konfidentsialnosti/', label: 'Политика конфиденциальности' },
  { href: '/about/about_personal_data/', label: 'Согласие на обработку персональных данных' },
  { href: '/about/cookie/', label: 'Использование cookie' },
  { href: '/about/feedback_rules/', label: 'Правила публикации отзывов' },
] as const
