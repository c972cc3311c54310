'use client'

import type { FieldSpec } from '../partners/record-form'
import { RecordForm } from '../partners/record-form'

const FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Название страницы', wide: true },
  {
    name: 'code',
    label: 'Адрес',
    mono: true,
    hint: 'Страница будет по адресу /landing/{код}/: строчная латиница, цифры и «-».',
  },
  { name: 'product', label: 'Товар (код)', mono: true, hint: 'Код товара каталога: первый экран и цена.' },
]

/** A new product landing: created hidden, with a first screen to start from (ADR 203). */
export function NewLandingForm() {
  return (
    <RecordForm
      label="Новый лендинг"
      fields={FIELDS}
      create="/api/admin/landings/"
      done="/admin/landings/{id}/"
      canEdit
    />
  )
}
