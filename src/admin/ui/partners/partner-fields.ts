import type { FieldSpec } from './record-form'

/** The fields of the partners' and distributors' forms (ADR 202). */
export const PARTNER_FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Название' },
  { name: 'code', label: 'Код', hint: 'Латиница, цифры, «-» и «_».', mono: true },
  { name: 'link', label: 'Сайт партнёра', hint: 'https://…' },
  { name: 'image', label: 'Логотип', hint: 'Путь на сайте (/upload/…) или https://…' },
  { name: 'sort', label: 'Порядок', kind: 'number', hint: 'Меньше — выше в списке «Где купить».' },
  {
    name: 'active',
    label: 'Показывать на сайте',
    kind: 'checkbox',
    hint: 'скрытый партнёр пропадает из «Где купить» и с карты; его ссылки на товары сохраняются.',
  },
]

export const OUTLET_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Название аптеки' },
  { name: 'code', label: 'Код', mono: true },
  { name: 'address', label: 'Адрес с городом', wide: true, hint: 'Например: Москва, ул. Тверская, 12' },
  { name: 'lat', label: 'Широта', kind: 'number', hint: 'Например 55.7652' },
  { name: 'lon', label: 'Долгота', kind: 'number', hint: 'Например 37.6058' },
]

export const DISTRIBUTOR_FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Название' },
  { name: 'code', label: 'Код', mono: true },
  { name: 'link', label: 'Ссылка', hint: 'https://… или путь на сайте' },
  { name: 'image', label: 'Логотип', hint: 'Путь на сайте (/upload/…) или https://…' },
  { name: 'sort', label: 'Порядок', kind: 'number', hint: 'Меньше — левее в блоке на главной.' },
  { name: 'active', label: 'Показывать на главной', kind: 'checkbox' },
]
