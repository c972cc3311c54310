/**
 * The home page's showcase tabs as staff run them (issue 20, ADR 192): words and shapes without zod or
 * database imports, for the back office's client forms.
 */
export const SHOWCASE_BLOCKS = ['mainpage-products', 'sets-from-experts'] as const
export type ShowcaseBlock = (typeof SHOWCASE_BLOCKS)[number]

export const SHOWCASE_BLOCK_NAMES: Record<ShowcaseBlock, string> = {
  'mainpage-products': 'Популярные товары',
  'sets-from-experts': 'Наборы от экспертов',
}

export const SHOWCASE_RULES = ['manual', 'hit', 'new', 'high-discounts'] as const

export const SHOWCASE_RULE_NAMES: Record<string, string> = {
  manual: 'Товары выбраны вручную',
  hit: 'Товары с бейджем «Хит»',
  new: 'Товары с бейджем «Новинка»',
  'high-discounts': 'Товары с большой скидкой',
}

export const SHOWCASE_MESSAGES = {
  title: 'Название вкладки — от 2 до 60 символов.',
  anchor: 'Якорь — от 1 до 60 латинских букв, цифр, «-» или «_».',
  anchorTaken: 'В этом блоке уже есть вкладка с таким якорем.',
  products: 'Перечислите коды товаров, до 24, каждый по одному разу.',
  unknownProducts: 'Таких товаров нет',
  notManual: 'Товары этой вкладки подбираются сами; список задаётся только у вкладки «вручную».',
  order: 'Перечислите все вкладки блока по одному разу.',
  notFound: 'Вкладка не найдена.',
  rule: 'Правило вкладки: вручную, «Хит», «Новинка» или большая скидка; у наборов от экспертов — только вручную.',
  lastTab: 'Это последняя вкладка блока: у блока на главной должна остаться хотя бы одна.',
  format: 'Неверный формат значения.',
  unknownField: 'Неизвестное поле.',
} as const

export interface ShowcaseTabView {
  id: number
  block: ShowcaseBlock
  anchor: string
  title: string
  rule: string
  active: boolean
  position: number
  /** Manual tabs: the hand-picked products in their order; other tabs pick their own. */
  products: { id: number; code: string; name: string }[]
  /** Sets from experts: how many slides the tab has (slides are edited elsewhere). */
  slides: number
}
