import { z } from 'zod'

/**
 * The back office's view of the exchange with 1С (ADR 198): the log's filters and words, and the
 * mapping of 1С's groups onto the shop's sections. Pure, so the pages and the API share it.
 */

export const EXCHANGE_TYPES = { catalog: 'Каталог', sale: 'Заказы' } as const
export const EXCHANGE_MODES = {
  checkauth: 'Вход',
  init: 'Начало',
  file: 'Файл',
  import: 'Загрузка',
  query: 'Выгрузка заказов',
  success: 'Заказы приняты',
  deactivate: 'Завершение',
  complete: 'Завершение',
} as const
export const EXCHANGE_OUTCOMES = { success: 'Успешно', progress: 'Продолжается', failure: 'Ошибка' } as const

/** The counts an import step or an orders' file writes, in Russian; an unknown key shows as it is. */
export const COUNT_LABELS: Record<string, string> = {
  groups: 'групп',
  sectionsCreated: 'новых разделов',
  goods: 'товаров',
  goodsCreated: 'товаров создано',
  goodsUpdated: 'товаров обновлено',
  offers: 'предложений',
  offersCreated: 'предложений создано',
  offersUpdated: 'предложений обновлено',
  warehouses: 'складов',
  hidden: 'скрыто',
  skipped: 'пропущено',
  unknownGoods: 'неизвестных товаров',
  filterValues: 'товаров с новыми значениями фильтра',
  filterOptionsCreated: 'новых значений фильтра',
  orders: 'заказов выгружено',
  taken: 'заказов принято',
  documents: 'документов',
  applied: 'применено',
  paid: 'оплат отмечено',
  refused: 'отклонено',
}

export function countsText(counts: Record<string, number> | null): string {
  if (!counts) return ''
  return Object.entries(counts)
    .filter(([, n]) => typeof n === 'number')
    .map(([key, n]) => `${COUNT_LABELS[key] ?? key}: ${n.toLocaleString('ru-RU')}`)
    .join(', ')
}

const keyOf = <T extends Record<string, string>>(labels: T) => Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]]
/** An empty filter field is no filter. */
const optionalChoice = <T extends Record<string, string>>(labels: T) => z.preprocess((v) => (v === '' ? undefined : v), z.enum(keyOf(labels)).optional())

export const LOG_PAGE_SIZE = 50

export const exchangeLogQuery = z.object({
  type: optionalChoice(EXCHANGE_TYPES),
  mode: optionalChoice(EXCHANGE_MODES),
  outcome: optionalChoice(EXCHANGE_OUTCOMES),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export type ExchangeLogQuery = z.output<typeof exchangeLogQuery>

/** What the groups' page and its API show. */
export interface ExchangeGroupsView {
  groups: { externalId: string; name: string; parentName: string | null; sectionId: number; sectionName: string; mapped: boolean }[]
  sections: { id: number; name: string; active: boolean }[]
}

export const GROUP_MESSAGES = {
  noGroup: 'Такой группы 1С нет: она появляется после первой загрузки каталога.',
  noSection: 'Такого раздела нет.',
  section: 'Выберите раздел.',
} as const

/** 1С's Ид: a GUID as a rule; any printable text up to 200 characters is taken. */
export const groupMappingInput = z.strictObject({
  externalId: z.string({ error: GROUP_MESSAGES.noGroup }).min(1, { error: GROUP_MESSAGES.noGroup }).max(200, { error: GROUP_MESSAGES.noGroup }),
  sectionId: z.number({ error: GROUP_MESSAGES.section }).int({ error: GROUP_MESSAGES.section }).min(1, { error: GROUP_MESSAGES.section }).max(2_147_483_647, { error: GROUP_MESSAGES.section }),
})
export type GroupMappingInput = z.output<typeof groupMappingInput>

/** What the page «Свойства 1С и фильтры» and its API show (ADR 210). */
export interface ExchangePropertiesView {
  properties: {
    externalId: string
    name: string
    /** ТипЗначений as 1С wrote it: Справочник, Строка, Число… ('' when not said). */
    valueType: string
    /** Reference values 1С listed (Справочник); 0 for other types. */
    values: number
    filterPropertyId: number | null
    filterPropertyName: string | null
  }[]
  filterProperties: { id: number; name: string; code: string; active: boolean }[]
}

export const PROPERTY_MESSAGES = {
  noProperty: 'Такого свойства 1С нет: оно появляется после загрузки каталога, в котором 1С его описала.',
  noFilterProperty: 'Такого свойства фильтра нет.',
  filterProperty: 'Выберите свойство фильтра или «Не в фильтре».',
} as const

/** A 1С property onto a filter property; null takes it out of the filter. */
export const propertyMappingInput = z.strictObject({
  externalId: z
    .string({ error: PROPERTY_MESSAGES.noProperty })
    .min(1, { error: PROPERTY_MESSAGES.noProperty })
    .max(200, { error: PROPERTY_MESSAGES.noProperty }),
  filterPropertyId: z
    .number({ error: PROPERTY_MESSAGES.filterProperty })
    .int({ error: PROPERTY_MESSAGES.filterProperty })
    .min(1, { error: PROPERTY_MESSAGES.filterProperty })
    .max(2_147_483_647, { error: PROPERTY_MESSAGES.filterProperty })
    .nullable(),
})
export type PropertyMappingInput = z.output<typeof propertyMappingInput>
