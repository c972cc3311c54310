/**
 * The back office's words for landing blocks (ADR 203): each block type's Russian name, each field's
 * label, and the Russian reason for every way a block can fail its schema. No zod or database here, so
 * the client's block forms use the same words the server refuses with.
 */
export const BLOCK_KEYS = [
  'hero',
  'sliding-text',
  'illustrated-blocks',
  'icons',
  'tri-block',
  'text-product',
  'video',
  'expert',
  'products-slider',
  'about',
  'gmp',
  'reviews',
  'articles',
  'nutrition-form',
  'appendix',
] as const
export type BlockKey = (typeof BLOCK_KEYS)[number]

export const BLOCK_NAMES: Record<BlockKey, string> = {
  hero: 'Первый экран',
  'sliding-text': 'Бегущая строка',
  'illustrated-blocks': 'Блоки с картинками',
  icons: 'Иконки',
  'tri-block': 'Три карточки',
  'text-product': 'Текст и товар',
  video: 'Видео',
  expert: 'Слово эксперта',
  'products-slider': 'Слайдер товаров',
  about: 'О продукте (аккордеон)',
  gmp: 'Производство GMP',
  reviews: 'Отзывы',
  articles: 'Статьи',
  'nutrition-form': 'Форма «Вопрос диетологу»',
  appendix: 'Примечание',
}

export const FIELD_LABELS: Record<string, string> = {
  type: 'Вид блока',
  title: 'Заголовок',
  description: 'Описание',
  description_video: 'Подпись к видео',
  image: 'Картинка',
  img: 'Картинка',
  color: 'Цвет фона',
  items: 'Элементы',
  lines: 'Строки',
  icons: 'Иконки',
  video: 'Видеофайл',
  video_preview_img: 'Обложка видео',
  name: 'Имя',
  products: 'Товары (коды)',
  text: 'Текст',
  reviews: 'Отзывы',
  date: 'Дата',
  rate: 'Оценка',
  articles: 'Статьи',
  link: 'Ссылка',
}

/** A stored block's type → its form: every about-{product} is 'about', both sliders are one form. */
export function blockKey(type: string): BlockKey | null {
  if (type.startsWith('about-')) return 'about'
  if (type === 'products-slider-centered') return 'products-slider'
  return (BLOCK_KEYS as readonly string[]).includes(type) ? (type as BlockKey) : null
}

export const LANDING_MESSAGES = {
  title: 'Название страницы — от 3 до 200 символов.',
  product: 'Укажите код товара лендинга.',
  blocks: 'На странице должен быть хотя бы один блок, не больше 40.',
  unknownType: 'неизвестный вид блока.',
  unknownProduct: (code: string) => `товар с кодом «${code}» не найден.`,
  link: 'ссылка — путь на сайте («/…») или https://…',
  notFound: 'Лендинг не найден.',
  noDraft: 'Черновика нет: сначала сохраните изменения.',
  code: 'Код — от 2 до 100 латинских букв, цифр, «-» или «_».',
  codeTaken: 'Лендинг с таким кодом уже есть.',
  notProductLanding: 'Блоки редактируются только у лендингов товаров.',
} as const

/** The parts of a zod issue the reason needs (zod's own type stays out of client bundles' way). */
export interface BlockIssue {
  code: string
  input?: unknown
  origin?: string
  minimum?: number | bigint
  maximum?: number | bigint
  exact?: boolean
  format?: string
  keys?: string[]
}

const n = (v: number | bigint | undefined) => String(v ?? '')

/** Russian for one issue of a block's schema. */
export function blockIssueText(issue: BlockIssue): string {
  const { origin } = issue
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'заполните поле.' : 'неверный формат значения.'
    case 'too_small':
      if (origin === 'string')
        return Number(issue.minimum) <= 1 ? 'заполните поле.' : `не короче ${n(issue.minimum)} символов.`
      if (origin === 'array')
        return issue.exact ? `нужно ровно ${n(issue.minimum)}.` : `добавьте хотя бы ${n(issue.minimum)}.`
      return `не меньше ${n(issue.minimum)}.`
    case 'too_big':
      if (origin === 'string') return `не длиннее ${n(issue.maximum)} символов.`
      if (origin === 'array')
        return issue.exact ? `нужно ровно ${n(issue.maximum)}.` : `не больше ${n(issue.maximum)}.`
      return `не больше ${n(issue.maximum)}.`
    case 'invalid_format':
      return issue.format === 'regex'
        ? 'неверный формат (дата — ДД.ММ.ГГГГ, код — латиница, цифры и «-»).'
        : 'неверный формат значения.'
    case 'invalid_value':
      return 'недопустимое значение.'
    case 'unrecognized_keys':
      return `неизвестное поле ${(issue.keys ?? []).join(', ')}.`
    case 'not_multiple_of':
    case 'invalid_union':
    default:
      return 'неверный формат значения.'
  }
}

/** «Блок 3 «Отзывы», «Оценка» (2): не больше 5.» from the block's index, key and the issue's path. */
export function blockFieldText(
  index: number,
  key: BlockKey | null,
  path: readonly PropertyKey[],
  reason: string,
): string {
  const where = key ? `Блок ${index + 1} «${BLOCK_NAMES[key]}»` : `Блок ${index + 1}`
  const named = [...path].reverse().find((p) => typeof p === 'string')
  const item = path.find((p) => typeof p === 'number')
  const field =
    typeof named === 'string'
      ? ` — «${FIELD_LABELS[named] ?? named}»${typeof item === 'number' ? ` (${item + 1})` : ''}`
      : ''
  return `${where}${field}: ${reason}`
}
