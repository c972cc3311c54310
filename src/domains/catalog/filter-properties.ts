/**
 * The catalogue filter's properties as staff run them (issue 20, ADR 204): the words and the shapes,
 * without zod or database imports so the back office's client forms can use them.
 */
export const FILTER_PROPERTY_MESSAGES = {
  name: 'Название — от 2 до 100 символов.',
  optionName: 'Название значения — от 1 до 100 символов.',
  code: 'Код для адреса — от 1 до 60 латинских букв, цифр, «-» или «_».',
  codeTaken: 'Свойство с таким кодом уже есть.',
  optionCodeTaken: 'У свойства уже есть значение с таким кодом.',
  sections: 'Разделы: номера существующих разделов, каждый по одному разу.',
  order: 'Перечислите все значения свойства по одному разу.',
  propertyOrder: 'Перечислите все свойства по одному разу.',
  values: 'Значения: номера существующих значений свойств, каждое по одному разу.',
  notFound: 'Свойство не найдено.',
  optionNotFound: 'Значение свойства не найдено.',
  productNotFound: 'Товар не найден.',
  format: 'Неверный формат значения.',
  unknownField: 'Неизвестное поле.',
} as const

export interface FilterOptionView {
  id: number
  code: string
  name: string
  position: number
  /** Products that have this value. */
  products: number
}

export interface FilterPropertyView {
  id: number
  code: string
  name: string
  active: boolean
  position: number
  /** The sections whose catalogue pages show it; empty: every list. */
  sectionIds: number[]
  options: FilterOptionView[]
}

/** A product's values: every property with its options, and the option ids the product has. */
export interface ProductFilterValuesView {
  productId: number
  optionIds: number[]
}
