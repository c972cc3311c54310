/**
 * The back office's inboxes (issue 18): texts and pure helpers. Queries are in inbox.db.ts, use-cases
 * in inbox.server.ts.
 */
import type { CsvValue } from '@/lib/csv'

export const INBOX_MESSAGES = {
  questionNotFound: 'Вопрос не найден.',
  replied: (email: string) => `Ответ отправлен на ${email}.`,
} as const

export const SUBSCRIPTION_STATUS_LABELS = { pending: 'Не подтвердил', confirmed: 'Подписан', unsubscribed: 'Отписался' } as const

export const QUESTION_KIND_LABELS = { product: 'Вопрос о товаре', contact: 'Сообщение', nutritionist: 'Вопрос диетологу' } as const

/** The mail a buyer gets: our answer, then their own words quoted, so the thread reads on its own. */
export function replyMail(question: { kind: keyof typeof QUESTION_KIND_LABELS; name: string; productName: string; message: string; createdAt: Date }, text: string, shopName: string) {
  const about = question.kind === 'product' && question.productName ? ` о товаре «${question.productName}»` : ''
  const subject = (question.kind === 'contact' ? `${shopName}: ответ на ваше сообщение` : `${shopName}: ответ на ваш вопрос${about}`).slice(0, 300)
  const asked = question.createdAt.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' })
  const quoted = question.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n')
  const greeting = question.name.trim() ? `Здравствуйте, ${question.name.trim()}!` : 'Здравствуйте!'
  return { subject, text: `${greeting}\n\n${text}\n\n— С уважением, ${shopName}\n\nВы писали ${asked}:\n${quoted}\n` }
}

/** Moscow wall time for a spreadsheet: «25.11.2026 14:05». */
export function moscowTime(at: Date): string {
  return at.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).replace(',', '')
}

export const SUBSCRIBER_CSV_HEADER = ['E-mail', 'Статус', 'Страница', 'Промокод 10%', 'Подписался', 'Подтвердил', 'Отписался'] as const

export function subscriberCsvRow(s: { email: string; status: keyof typeof SUBSCRIPTION_STATUS_LABELS; page: string; promo: boolean; createdAt: Date; confirmedAt: Date | null; unsubscribedAt: Date | null }): CsvValue[] {
  return [
    s.email,
    SUBSCRIPTION_STATUS_LABELS[s.status],
    s.page,
    s.promo ? 'да' : 'нет',
    moscowTime(s.createdAt),
    s.confirmedAt ? moscowTime(s.confirmedAt) : '',
    s.unsubscribedAt ? moscowTime(s.unsubscribedAt) : '',
  ]
}
