/**
 * The back office's customers (issue 18): pure rules and texts. Queries are in customers.db.ts, the
 * use-cases in customers.server.ts.
 */
import { normalisePhoneDigits } from '@/domains/orders/order-admin.schema'

export const CUSTOMER_MESSAGES = {
  notFound: 'Покупатель не найден.',
  anonymised: (orders: number) =>
    orders === 0 ? 'Личные данные покупателя удалены.' : `Личные данные покупателя удалены; заказы (${orders}) сохранены для учёта без них.`,
} as const

/**
 * What an erased buyer's orders show instead of a name (152-ФЗ): the order stays for accounting, the
 * person does not. E-mail, phone and address become empty, so no mail or call can reach anyone.
 */
export const ANONYMISED_BUYER = 'Данные удалены (152-ФЗ)'

/** What the free-text search looks for, decided once and tested alone. */
export type CustomerSearch = { kind: 'phone'; digits: string } | { kind: 'email'; text: string } | { kind: 'words'; words: string[] }

export function customerSearch(q: string | undefined): CustomerSearch | null {
  const text = q?.trim() ?? ''
  if (!text) return null
  if (/^[\d\s()+\-.]+$/.test(text)) {
    const digits = text.replace(/\D/g, '')
    // Fewer than 3 digits would match nearly every phone.
    return digits.length >= 3 ? { kind: 'phone', digits: normalisePhoneDigits(digits) } : null
  }
  if (text.includes('@')) return { kind: 'email', text: text.toLowerCase() }
  return { kind: 'words', words: text.split(/\s+/).filter(Boolean).slice(0, 5) }
}

/** LIKE's own characters in a buyer's text are searched for, not obeyed. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
