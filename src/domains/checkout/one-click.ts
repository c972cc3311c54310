/**
 * Pure rules of the one-click and fallback order forms (spec section 5) and their holiday messages.
 * The page checks as the buyer types; fast-order.server.ts applies the same rules on save.
 */
import { isEmail } from './checkout'

// ---------- one-click holiday notice ----------

export interface HolidayNoticeSetting {
  /** YYYY-MM-DD, inclusive, shop time (Moscow). */
  from: string
  to: string
  /** The fallback form's start message: shown before anything is ordered, so it never says the order is taken. */
  start: string
  /** The thanks alert after a one-click order inside the window. */
  thanks: string
}

export type HolidayMessages = Pick<HolidayNoticeSetting, 'start' | 'thanks'>

/** The holiday messages apply only inside their window (spec: 31 Dec 2024 – 2 Jan 2025), by Moscow date. */
export function holidayMessagesAt(setting: unknown, at: Date): HolidayMessages | null {
  if (!setting || typeof setting !== 'object') return null
  const { from, to, start, thanks } = setting as Partial<HolidayNoticeSetting>
  if (typeof from !== 'string' || typeof to !== 'string' || typeof start !== 'string' || typeof thanks !== 'string') return null
  const moscowDay = new Date(at.getTime() + 3 * 3600 * 1000).toISOString().slice(0, 10)
  return moscowDay >= from && moscowDay <= to ? { start, thanks } : null
}

// ---------- one-click and fallback forms (spec section 5) ----------

export const ONE_CLICK_MESSAGES = {
  name: 'Заполните поле "Имя и фамилия"',
  city: 'Заполните поле "Населенный пункт"',
  phone: 'Заполните поле "Контактный телефон"',
  badPhone: 'Введите корректный телефон.',
  email: 'Заполните поле "Email-адрес"',
  // Not in the spec: our wording of the thanks alert (ADR 030).
  thanks: 'Спасибо за заказ! Менеджер свяжется с вами в ближайшее время.',
  consent:
    'Нажимая «Отправить», вы подтверждаете, что вам исполнилось 18 лет, и принимаете политику обработки персональных данных и условия публичной оферты.',
} as const

export interface OneClickFields {
  UF_NAME: string
  UF_CITY: string
  UF_PHONE: string
  UF_EMAIL: string
}

/** What stays as typed: the name keeps Cyrillic letters and spaces, the city also digits. */
export const oneClickInput = {
  name: (v: string) => v.replace(/[^А-Яа-яЁё ]/g, ''),
  city: (v: string) => v.replace(/[^А-Яа-яЁё0-9 ]/g, ''),
}

/** The first failing rule's alert, in the form's order; null when the form may be sent. */
export function oneClickError(f: OneClickFields): string | null {
  if (!f.UF_NAME.trim() || !/^[А-Яа-яЁё ]+$/.test(f.UF_NAME.trim())) return ONE_CLICK_MESSAGES.name
  if (!f.UF_CITY.trim() || !/^[А-Яа-яЁё0-9 ]+$/.test(f.UF_CITY.trim())) return ONE_CLICK_MESSAGES.city
  const digits = f.UF_PHONE.replace(/\D/g, '')
  if (!digits) return ONE_CLICK_MESSAGES.phone
  if (digits.length !== 11) return ONE_CLICK_MESSAGES.badPhone
  if (!isEmail(f.UF_EMAIL)) return ONE_CLICK_MESSAGES.email
  return null
}
