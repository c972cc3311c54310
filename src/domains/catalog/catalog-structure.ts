/**
 * Sections and brands as staff run them (issue 20, ADR 192): the words, without zod or database imports
 * so the back office's client forms can use them.
 */
import type { LibraryPictureView } from '@/domains/media/media-library'

export const STRUCTURE_MESSAGES = {
  name: 'Название — от 2 до 100 символов.',
  code: 'Код для адреса — от 2 до 100 латинских букв, цифр, «-» или «_».',
  sectionCodeTaken: 'Раздел с таким кодом уже есть.',
  brandCodeTaken: 'Бренд с таким кодом уже есть.',
  description: 'Описание — не длиннее 5 000 символов.',
  seoTitle: 'Заголовок для поисковиков — не длиннее 200 символов.',
  seoDescription: 'Описание для поисковиков — не длиннее 500 символов.',
  logo: 'Логотип — адрес картинки: /путь на сайте или https://…, не длиннее 500 символов.',
  picture: 'Выберите картинку из медиатеки или загрузите новую.',
  order: 'Перечислите все разделы по одному разу.',
  sectionCodeInUse: 'У раздела есть товары: их адреса содержат код раздела, поэтому код менять нельзя. Перенесите товары в другой раздел или создайте новый раздел.',
  sectionNotFound: 'Раздел не найден.',
  brandNotFound: 'Бренд не найден.',
  format: 'Неверный формат значения.',
  unknownField: 'Неизвестное поле.',
} as const

export interface SectionView {
  id: number
  code: string
  name: string
  description: string
  seoTitle: string
  seoDescription: string
  active: boolean
  position: number
  products: number
}

export interface BrandView {
  id: number
  code: string
  name: string
  description: string
  logo: string
  /** The media-library logo (ADR 207 addendum); null: the typed `logo` address. */
  picture: LibraryPictureView | null
  active: boolean
  products: number
}
