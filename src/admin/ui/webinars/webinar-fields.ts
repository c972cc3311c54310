import type { FieldSpec } from '../partners/record-form'

/** The webinar form's fields (ADR 202). */
export const WEBINAR_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Название', wide: true },
  { name: 'startsAt', label: 'Начало (по Москве)', kind: 'datetime' },
  { name: 'code', label: 'Код', mono: true },
  { name: 'speaker', label: 'Ведущий', hint: 'Имя и должность.' },
  { name: 'link', label: 'Ссылка на трансляцию', hint: 'https://… — уходит в письме зарегистрированным.' },
  { name: 'previewText', label: 'Анонс', kind: 'textarea' },
  { name: 'programme', label: 'Программа', kind: 'textarea' },
  {
    name: 'published',
    label: 'Опубликован',
    kind: 'checkbox',
    hint: 'виден в календаре на /b2b/ и принимает регистрации.',
  },
]
