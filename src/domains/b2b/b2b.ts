/** B2B programme requests and webinars: field rules, messages and the calendar's paging. */

export const B2B_MESSAGES = {
  required: 'Обязательное поле',
  phone: 'Номер некорректен',
  email: 'Email некорректен',
  interests: 'Пожалуйста, отметьте хотя бы один интерес.',
  // The spec's text reads 'Поизошла'; corrected (ADR 085).
  failed: 'Произошла ошибка, попробуйте повторить попытку позже.',
  eventClosed: 'Регистрация на этот вебинар закрыта',
  eventUnknown: 'Вебинар не найден',
} as const

/** Company size options of the request form (spec §9). */
export const COMPANY_SIZES = ['до 50', 'до 100', 'до 500', 'до 1000', 'до 3000', 'более 3000'] as const

/** The calendar shows 3 webinars, and 3 more per 'Показать ещё'. */
export const EVENTS_PAGE = 3

/** Same pattern on both sides: a Russian number of 11 digits, '+7' or '8' first, any separators. */
export const PHONE_PATTERN = /^(\+7|8)[\s(-]*\d{3}[\s)-]*\d{3}[\s-]*\d{2}[\s-]*\d{2}$/
export const EMAIL_PATTERN = /^[\w.+-]+@[\w-]+(\.[\w-]+)*\.[a-zA-Zа-яА-Я]{2,}$/

/** 'dd.mm.yyyy hh:mm' in Moscow time, as the spec's ACTIVE_TO. */
export function formatEventDate(date: Date): string {
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date)
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('day')}.${get('month')}.${get('year')} ${get('hour')}:${get('minute')}`
}

export function isEventOpen(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() > now.getTime()
}

/** Client-side check, in the form's order; the server repeats it with the same rules. */
export function contactErrors(v: { name: string; phone: string; email: string }): Partial<Record<'name' | 'phone' | 'email', string>> {
  const errors: Partial<Record<'name' | 'phone' | 'email', string>> = {}
  if (!v.name.trim()) errors.name = B2B_MESSAGES.required
  if (!v.phone.trim()) errors.phone = B2B_MESSAGES.required
  else if (!PHONE_PATTERN.test(v.phone.trim())) errors.phone = B2B_MESSAGES.phone
  if (!v.email.trim()) errors.email = B2B_MESSAGES.required
  else if (!EMAIL_PATTERN.test(v.email.trim())) errors.email = B2B_MESSAGES.email
  return errors
}

export interface WebinarMailEvent {
  name: string
  startsAt: Date
  link: string
}

/** The registrant's confirmation (ADR 112): the webinar, its Moscow date and time, the link to join. */
export function webinarConfirmation(event: WebinarMailEvent, registrant: string): { subject: string; text: string } {
  return {
    subject: `Вы зарегистрированы на вебинар «${event.name}»`,
    text: [
      `Здравствуйте, ${registrant}!`,
      '',
      `Вы зарегистрированы на вебинар «${event.name}».`,
      `Начало: ${formatEventDate(event.startsAt)} по московскому времени.`,
      event.link
        ? `Ссылка для подключения: ${event.link}`
        : 'Ссылку для подключения пришлёт менеджер до начала вебинара.',
      '',
      'Если вы не регистрировались, просто не отвечайте на это письмо.',
    ].join('\n'),
  }
}
