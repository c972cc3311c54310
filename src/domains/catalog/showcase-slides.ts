/**
 * The slides of the home page's «Наборы от экспертов» tabs as staff run them (issue 20, ADR 204):
 * words and shapes without zod or database imports, for the back office's client forms.
 */
import type { LibraryPictureView } from '@/domains/media/media-library'

export const SLIDE_MESSAGES = {
  title: 'Заголовок слайда — от 2 до 120 символов.',
  subtitle: 'Текст слайда — до 300 символов.',
  pack: 'Подпись упаковки — до 60 символов.',
  link: 'Ссылка — адрес на сайте, начинающийся с «/», или полный адрес https://…; пусто — страница товара.',
  img: 'Картинка — адрес загруженной картинки на сайте, начинающийся с «/»; пусто — картинка товара.',
  picture: 'Выберите картинку из медиатеки или загрузите новую.',
  product: 'Укажите код товара, у которого есть активное предложение.',
  order: 'Перечислите все слайды вкладки по одному разу.',
  notFound: 'Слайд не найден.',
  tabNotFound: 'Вкладка наборов от экспертов не найдена.',
  format: 'Неверный формат значения.',
  unknownField: 'Неизвестное поле.',
} as const

export interface ShowcaseSlideView {
  id: number
  tabId: number
  title: string
  subtitle: string
  img: string
  /** The media-library picture (ADR 207 addendum); null: the typed `img`, else the offer's picture. */
  picture: LibraryPictureView | null
  link: string
  pack: string
  isSet: boolean
  active: boolean
  position: number
  offerId: number
  productCode: string
  productName: string
}

/** A site path (not «//host») or an https address; empty means «the product's page». */
export function isSlideLink(value: string): boolean {
  if (value === '') return true
  if (/^\/(?!\/)[^\s<>"\\]*$/.test(value)) return true
  if (!/^https:\/\/[^\s<>"\\]+$/.test(value)) return false
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}

/** A picture on our own site (uploaded media or the seed's files); empty means the offer's picture. */
export const isSlidePicture = (value: string) => value === '' || /^\/(?!\/)[^\s<>"\\?#]+$/.test(value)
