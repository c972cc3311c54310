/** Texts of the spec, word for word, and the rules shared by the forms and the server. */
export const FORM_MESSAGES = {
  theme: 'Тема сообщения не выбрана',
  name: 'Поле с именем не может быть пустым',
  email: 'Проверьте правильность ввода e-mail адреса',
  phone: 'Введите корректный телефон',
  message: 'Поле с вопросом не может быть пустым',
  questionSent: 'Форма успешно отправлена',
  nutritionistSent: 'Ваше сообщение успешно отправлено!',
  nutritionistButton: 'Отправлено!',
  subscribed: 'Спасибо за подписку!',
  subscribeEmail: 'Проверьте правильность ввода e-mail адреса',
  confirmed: 'Подписка подтверждена. Спасибо!',
  unsubscribed: 'Вы отписались от рассылки.',
  badLink: 'Ссылка устарела или уже использована.',
  promo: 'Новым подписчикам из вашего региона — скидка 10% на первый заказ!',
  ratingSaved: 'Спасибо за оценку!',
} as const

export const QUESTION_THEMES = [
  { code: 'delivery', label: 'Вопросы по доставке и заказу' },
  { code: 'product', label: 'Вопросы о продукции' },
  { code: 'wholesale', label: 'Оптовые закупки и юридические лица' },
  { code: 'other', label: 'Другое' },
] as const
export type ThemeCode = (typeof QUESTION_THEMES)[number]['code']

export const themeLabel = (code: string) => QUESTION_THEMES.find((t) => t.code === code)?.label ?? ''

/** Question and contact forms: the "simple pattern" (word characters, @, domain, 2–4 letter end). */
export const QUESTION_EMAIL = /^[\w.+-]+@(?:[\w-]+\.)+[a-z]{2,4}$/i
/** Nutritionist form: the same with a 2–8 letter suffix. */
export const NUTRITIONIST_EMAIL = /^[\w.+-]+@(?:[\w-]+\.)+[a-z]{2,8}$/i
/** Newsletter blocks: a plain e-mail pattern. */
export const SUBSCRIBE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export type QuestionKind = 'product' | 'contact' | 'nutritionist'

export interface QuestionFields {
  NAME?: string
  EMAIL?: string
  PHONE?: string
  MESSAGE?: string
  THEME?: string
}

export interface ValidQuestion {
  name: string
  email: string
  phone: string
  message: string
  theme: string
}

/**
 * The spec's checks in the spec's order; the first failure is the answer. Contact form: theme first.
 * Nutritionist form: no phone (it is sent empty), a longer e-mail suffix.
 */
export function validateQuestion(kind: QuestionKind, f: QuestionFields): { ok: true; value: ValidQuestion } | { ok: false; error: string; field: keyof QuestionFields } {
  const name = (f.NAME ?? '').trim()
  const email = (f.EMAIL ?? '').trim()
  const phone = (f.PHONE ?? '').replace(/\D/g, '')
  const message = (f.MESSAGE ?? '').trim()
  const theme = (f.THEME ?? '').trim()
  if (kind === 'contact' && !QUESTION_THEMES.some((t) => t.code === theme)) return { ok: false, error: FORM_MESSAGES.theme, field: 'THEME' }
  if (!name) return { ok: false, error: FORM_MESSAGES.name, field: 'NAME' }
  if (!(kind === 'nutritionist' ? NUTRITIONIST_EMAIL : QUESTION_EMAIL).test(email)) return { ok: false, error: FORM_MESSAGES.email, field: 'EMAIL' }
  if (kind !== 'nutritionist' && phone.length !== 11) return { ok: false, error: FORM_MESSAGES.phone, field: 'PHONE' }
  if (!message) return { ok: false, error: FORM_MESSAGES.message, field: 'MESSAGE' }
  return { ok: true, value: { name, email: email.toLowerCase(), phone: kind === 'nutritionist' ? '' : phone, message, theme: kind === 'contact' ? theme : '' } }
}

/** Which form sent a question: THEME means the contact form; our nutritionist form says so in FORM. */
export function questionKind(fields: { THEME?: unknown; FORM?: unknown }): QuestionKind {
  if (fields.FORM === 'nutritionist') return 'nutritionist'
  if (typeof fields.THEME === 'string') return 'contact'
  return 'product'
}

/** ADS_AGREEMENT arrives as Y/N, true/false, on or 1; absent means no. */
export function isAgreed(value: unknown): boolean {
  return typeof value === 'string' && ['y', 'yes', 'true', 'on', '1'].includes(value.trim().toLowerCase())
}

/** Pages are stored as their path: '/eco/', '/' … (a full URL of our site is cut to its path). */
export function normalizePage(page: string | undefined): string {
  const raw = (page ?? '').trim()
  let path = raw
  try {
    if (/^https?:\/\//i.test(raw)) path = new URL(raw).pathname
  } catch {
    path = '/'
  }
  if (!path.startsWith('/')) path = `/${path}`
  path = path.split(/[?#]/)[0] ?? '/'
  return path.slice(0, 200) || '/'
}

export const RATING_COOKIE_PREFIX = 'article_rating_'
/** One cookie per article, as the spec's widget keeps it. */
export const ratingCookieName = (articleId: string) => `${RATING_COOKIE_PREFIX}${articleId.replace(/[^\w-]/g, '_')}`
export const ARTICLE_ID = /^[\w-]{1,100}$/
