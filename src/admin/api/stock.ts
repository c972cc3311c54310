import { db } from '@/db/client'
import { stockGridList, stockGridQuery, stockGridSave, stockGridSaved } from '@/domains/catalog/stock-grid.schema'
import { saveStockGrid, stockGrid } from '@/domains/catalog/stock-grid.server'
import { endpoint } from '../endpoint'

/**
 * The stock grid (issue 20, ADR 185). Both need only catalog.read at the door: what a save may
 * change is checked per field inside (stock and thresholds: stock.write; prices: catalog.write).
 */
const TAG = 'Остатки'

export const stockGridEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/stock',
  permission: 'catalog.read',
  summary: 'Предложения для таблицы остатков (по 100): q — название, код или артикул; section, brand — коды; low=1 — только с остатком не больше порога',
  tag: TAG,
  query: stockGridQuery,
  response: stockGridList,
  handle: ({ query }) => stockGrid(db(), query),
})

export const saveStockGridEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/stock',
  permission: 'catalog.read',
  summary:
    'Сохранить изменения таблицы остатков одной транзакцией: для каждой строки — значения при загрузке (expected) и новые (set). Если строку изменили после загрузки — 409 со списком conflicts, ничего не сохраняется. Остаток и порог — право склада, цены — каталога',
  tag: TAG,
  body: stockGridSave,
  response: stockGridSaved,
  handle: ({ body, actor }) => saveStockGrid(db(), actor, body),
})

export const stockEndpoints = [stockGridEndpoint, saveStockGridEndpoint]
