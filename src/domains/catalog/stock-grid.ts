/**
 * The stock grid's words and shapes (issue 20, ADR 185), without zod or database imports so the
 * back office's client grid can use them.
 */
export const STOCK_GRID_MESSAGES = {
  empty: 'Нет изменений.',
  tooMany: 'За один раз можно сохранить не больше 200 строк.',
  duplicate: 'Одно предложение встречается в изменениях дважды.',
  stock: 'Остаток — целое число от 0; пусто — не учитывается.',
  price: 'Цена — сумма от 0 до 10 000 000 ₽.',
  oldPrice: 'Старая цена должна быть больше цены; пусто — без скидки.',
  threshold: 'Порог — целое число от 0 до 100 000; пусто — общий порог магазина.',
  format: 'Неверный формат значения.',
  unknownField: 'Неизвестное поле.',
  notFound: 'Предложение не найдено: его удалили.',
  conflict: 'Строку изменили после загрузки таблицы: проверьте новые значения и сохраните ещё раз.',
  conflicts: 'Часть строк изменили после загрузки таблицы — ничего не сохранено.',
  stockForbidden: 'Остатки и пороги меняют склад и владелец.',
  priceForbidden: 'Цены меняют контент-редактор и владелец.',
  saved: (n: number) => `Сохранено строк: ${n}.`,
} as const

/** The values of a row the grid edits; the same four are compared to find a conflict. */
export const GRID_FIELDS = ['stock', 'price', 'oldPrice', 'lowStockThreshold'] as const
export type GridField = (typeof GRID_FIELDS)[number]
export type GridValues = Record<GridField, number | null> & { price: number }

/** Stock and thresholds are the warehouse's; prices the catalogue's (ADR 178). */
export const FIELD_PERMISSION: Record<GridField, 'stock.write' | 'catalog.write'> = {
  stock: 'stock.write',
  lowStockThreshold: 'stock.write',
  price: 'catalog.write',
  oldPrice: 'catalog.write',
}

export const STOCK_GRID_PAGE_SIZE = 100
export const STOCK_GRID_MAX_CHANGES = 200

/** "Running low": a counted stock at or below the offer's threshold, else the shop's. */
export function isLow(stock: number | null, threshold: number | null, shopDefault: number): boolean {
  return stock !== null && stock <= (threshold ?? shopDefault)
}
