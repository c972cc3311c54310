/** The shop's own details, shown in the header, footer, legal pages and invoices. */
export const SHOP = {
  name: 'Витамаркет',
  legalName: 'ООО «Витамаркет»',
  inn: '7701234567',
  ogrn: '1207700123456',
  address: '115054, г. Москва, ул. Дубининская, д. 57, стр. 1',
  phone: '8 800 200-52-52',
  phoneHref: 'tel:+78002005252',
  hours: 'ежедневно с 3:30 до 20:30 по московскому времени',
  email: 'shop@vitamarket.ru',
  // Bank details for invoices (the 'bill' payment method).
  kpp: '770501001',
  bankName: 'ПАО «Сбербанк», г. Москва',
  bik: '044525225',
  account: '40702810938000123456',
  corrAccount: '30101810400000000225',
} as const

export const LEGAL_LINKS = [
  { href: '/about/dogovor_publichnoy_oferty/', label: 'Публичная оферта' },
  { href: '/about/politika_obrabotki/', label: 'Политика обработки персональных данных' },
  { href: '/about/politika_konfidentsialnosti/', label: 'Политика конфиденциальности' },
  { href: '/about/about_personal_data/', label: 'Согласие на обработку персональных данных' },
  { href: '/about/cookie/', label: 'Использование cookie' },
  { href: '/about/feedback_rules/', label: 'Правила публикации отзывов' },
] as const
