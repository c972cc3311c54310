import type { FieldSpec } from '../partners/record-form'

/** The eco point form's fields (ADR 202). */
export const ECO_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Название' },
  { name: 'code', label: 'Код', mono: true },
  { name: 'city', label: 'Город', hint: 'Так, как в списке городов карты.' },
  { name: 'address', label: 'Адрес (коротко)', hint: 'ул. Тверская, 12' },
  { name: 'fullAddress', label: 'Полный адрес', wide: true },
  { name: 'workTime', label: 'Часы работы' },
  { name: 'phone', label: 'Телефон' },
  { name: 'lat', label: 'Широта', kind: 'number' },
  { name: 'lon', label: 'Долгота', kind: 'number' },
  { name: 'sort', label: 'Порядок', kind: 'number' },
  {
    name: 'active',
    label: 'Показывать на карте',
    kind: 'checkbox',
    hint: 'скрытый пункт пропадает с карты /eco/eco-box/.',
  },
]
