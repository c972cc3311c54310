import type { LibraryPictureView } from '@/domains/media/media-library'

/**
 * The home page's banners as staff run them (issue 20, ADR 207): the featured slider
 * (`featured_slides`) and the light line over the header (`light_line_banners`). Words, shapes and
 * the shown-window rule, without zod or database imports, for the back office's client forms.
 */
export const BANNER_MESSAGES = {
  title: 'Заголовок слайда — от 2 до 120 символов.',
  subtitle: 'Надзаголовок — до 120 символов.',
  description: 'Описание — до 600 символов.',
  slideLink: 'Ссылка — путь на сайте, начинающийся с «/», или https://…; пусто — страница товара.',
  product: 'Укажите код товара, у которого есть активное предложение.',
  picture: 'Выберите картинку из медиатеки или загрузите новую.',
  text: 'Текст полосы — от 2 до 300 символов.',
  lineLink: 'Ссылка — путь на сайте, начинающийся с «/», или https://…; пусто — полоса без ссылки.',
  linkText: 'Текст ссылки — до 60 символов.',
  date: 'Дата и время — в формате 2026-12-01T10:00:00+03:00, или пусто.',
  range: 'Окончание показа должно быть позже начала.',
  order: 'Перечислите все баннеры списка по одному разу.',
  slideNotFound: 'Слайд не найден.',
  lineNotFound: 'Полоса не найдена.',
} as const

export interface ShownWindow {
  active: boolean
  startsAt: string | null
  endsAt: string | null
}

export type ShownState = 'shown' | 'hidden' | 'scheduled' | 'ended'

/** Whether the storefront shows it at `at`: active, started (inclusive) and not yet ended (exclusive). */
export function shownState(b: ShownWindow, at: Date): ShownState {
  if (!b.active) return 'hidden'
  if (b.startsAt !== null && Date.parse(b.startsAt) > at.getTime()) return 'scheduled'
  if (b.endsAt !== null && Date.parse(b.endsAt) <= at.getTime()) return 'ended'
  return 'shown'
}

export const SHOWN_LABELS: Record<ShownState, string> = {
  shown: 'Показан',
  hidden: 'Скрыт',
  scheduled: 'Запланирован',
  ended: 'Показ закончен',
}

export interface FeaturedSlideView extends ShownWindow {
  id: number
  title: string
  subtitle: string
  description: string
  link: string
  /** The media-library picture; null: the old typed address `image`, else the offer's picture. */
  picture: LibraryPictureView | null
  image: string
  /** What the slide shows now, for the list's preview. */
  preview: string
  position: number
  offerId: number
  productCode: string
  productName: string
}

export interface LightLineView extends ShownWindow {
  id: number
  text: string
  link: string
  linkText: string
  position: number
}

export interface BannerList {
  slides: FeaturedSlideView[]
  lightLines: LightLineView[]
}
