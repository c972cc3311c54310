import { countOf, WORDS } from '@/lib/plural'

/** Texts of the spec, word for word. */
export const REVIEW_MESSAGES = {
  widgetRating: 'Укажите, пожалуйста, рейтинг отзыва',
  widgetText: 'Не могу распознать текст отзыва',
  widgetName: 'Не забудьте указать свое имя',
  widgetEmail: 'Не забудьте указать свою почту',
  widgetEmailFormat: 'Опечатка при вводе почты',
  widgetSuccess: 'Спасибо за отзыв! Ваш отзыв направлен на модерацию',
  widgetFailure: 'Что-то пошло не так. Попробуйте позже...',
  nativeRating: 'Не указан рейтинг',
  /** The spec says "text required" without a text; ours. */
  nativeText: 'Напишите текст отзыва',
  nativeSuccess: 'Отзыв успешно отправлен и будет опубликован после проверки.',
  noReviewsGuest: 'Отзывов на данный товар пока нет. Авторизуйтесь чтобы оставить первый',
  noReviews: 'Отзывов на данный товар пока нет. Будьте первым!',
  showMore: 'Показать больше отзывов',
  signInRequired: 'Чтобы оставить отзыв, войдите или зарегистрируйтесь.',
  unknownProduct: 'Товар не найден.',
  photoType: 'Можно прикрепить только фотографии в форматах JPG, PNG, WebP или GIF.',
  photoSize: 'Фотография слишком большая: не больше 5 МБ.',
  photoCount: 'Можно прикрепить не больше 5 фотографий.',
  photoBroken: 'Не удалось прочитать фотографию. Попробуйте другой файл.',
} as const

/** Review page size of the spec: 10 at first, each 'Показать больше отзывов' adds 10. */
export const PAGE_SIZE = 10
export const MAX_TEXT = 5000
export const MAX_PHOTOS = 5
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024
/** Photos are scaled down to fit this box. */
export const PHOTO_MAX_SIDE = 1600

export type ReviewSort = 'new' | 'old'

/** The widget form's e-mail rule (simple pattern: something@domain.tld). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

/** Average with one decimal: 4.25 → 4.3 (half away from zero, as the shop's old widget showed). */
export function roundRating(value: number): number {
  return Math.round(value * 10 + Number.EPSILON) / 10
}

/** The ring is filled 20% per point: 4.3 → 86. */
export function ringPercent(average: number): number {
  return Math.max(0, Math.min(100, Math.round(average * 20)))
}

export interface RatingSummary {
  average: number
  count: number
  /** count per mark, index 0 = 1 star … index 4 = 5 stars */
  byMark: [number, number, number, number, number]
}

export function summarize(marks: readonly number[]): RatingSummary {
  const byMark: RatingSummary['byMark'] = [0, 0, 0, 0, 0]
  let sum = 0
  for (const m of marks) {
    byMark[m - 1] = (byMark[m - 1] ?? 0) + 1
    sum += m
  }
  return { average: marks.length ? roundRating(sum / marks.length) : 0, count: marks.length, byMark }
}

/** "5 отзывов" for the tab title. */
export function reviewsCountLabel(count: number): string {
  return countOf(count, WORDS.review)
}

/** dd.mm.yyyy in Moscow time, as the spec's review date. */
export function formatReviewDate(date: Date): string {
  return new Intl.DateTimeFormat('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Moscow',
  }).format(date)
}

/** Shown publicly: first name and the initial of the last, never an e-mail. */
export function publicAuthorName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return 'Покупатель'
  const [first, second] = parts
  return second ? `${first} ${second.charAt(0)}.` : first!
}

/** The photo form's rules in the spec's order (the server's schema checks the same); first failure wins. */
export function checkPhotoReview(f: { rating: number; text: string; name: string; email: string }): string | null {
  if (f.rating < 1) return REVIEW_MESSAGES.widgetRating
  if (!f.text.trim()) return REVIEW_MESSAGES.widgetText
  if (!f.name.trim()) return REVIEW_MESSAGES.widgetName
  if (!f.email.trim()) return REVIEW_MESSAGES.widgetEmail
  if (!EMAIL_PATTERN.test(f.email.trim())) return REVIEW_MESSAGES.widgetEmailFormat
  return null
}

export interface PublicReview {
  id: number
  author: string
  /** dd.mm.yyyy */
  date: string
  /** ISO date for JSON-LD */
  datePublished: string
  rating: number
  text: string
  photos: { url: string; width: number; height: number }[]
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
