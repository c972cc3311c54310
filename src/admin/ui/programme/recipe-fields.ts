import type { FieldSpec } from '../partners/record-form'

/** The meal-plan recipe form's fields (ADR 202). */
export const RECIPE_FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Название' },
  { name: 'code', label: 'Код', mono: true, hint: 'Меню программы называет рецепт по коду.' },
  { name: 'img', label: 'Картинка', wide: true, hint: 'Путь на сайте (/images/…) или https://…' },
  { name: 'list', label: 'Приготовление', kind: 'lines', hint: 'Один шаг — одна строка.' },
  {
    name: 'info',
    label: 'Ингредиенты',
    kind: 'ingredients',
    mono: true,
    hint: 'Одна строка — «название; вес; ккал», например: Гречка; 60 г; 188',
  },
  {
    name: 'active',
    label: 'Показывать',
    kind: 'checkbox',
    hint: 'скрытый рецепт пропадает из меню программы.',
  },
]
