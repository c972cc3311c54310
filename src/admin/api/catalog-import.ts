import { z } from 'zod'
import { db } from '@/db/client'
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES } from '@/domains/catalog-import/catalog-import'
import { exportCatalogCsv, exportCatalogXlsx, importCatalog } from '@/domains/catalog-import/catalog-import.server'
import { csvFile, endpoint } from '../endpoint'

/**
 * Catalogue import and export (issue 20, ADR 186): one row per offer, CSV or XLSX. The import is the
 * content editor's and the owner's (catalog.write); the export reads what catalog.read already shows.
 */
const TAG = 'Импорт и экспорт'
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const lineView = z.object({
  line: z.number(),
  code: z.string(),
  sku: z.string(),
  action: z.enum(['create', 'update', 'same', 'refused']),
  newProduct: z.boolean().optional(),
  changes: z.array(z.string()).optional(),
  reason: z.string().optional(),
})
const importReport = z.object({
  dryRun: z.boolean(),
  format: z.enum(['csv', 'xlsx']),
  delimiter: z.string().optional(),
  rows: z.number(),
  products: z.object({ create: z.number(), update: z.number() }),
  offers: z.object({ create: z.number(), update: z.number() }),
  same: z.number(),
  refused: z.number(),
  fileErrors: z.array(z.string()),
  lines: z.array(lineView),
  truncated: z.boolean(),
})

export const importQuery = z.object({
  /** The dry run is the default: a file is only written when asked in so many words. */
  dryRun: z.enum(['1', '0']).default('1'),
})

export const exportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') })

const today = () => new Date().toISOString().slice(0, 10)

export const exportCsvEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/catalog/export/csv',
  permission: 'catalog.read',
  summary: 'Каталог в CSV (UTF-8 с BOM, «;»): строка на предложение, столбцы — как при импорте',
  tag: TAG,
  response: 'csv',
  handle: async () => csvFile(`catalog-${today()}.csv`, await exportCatalogCsv(db())),
})

export const exportXlsxEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/catalog/export/xlsx',
  permission: 'catalog.read',
  summary: 'Каталог в XLSX: строка на предложение, столбцы — как при импорте',
  tag: TAG,
  response: 'xlsx',
  handle: async () =>
    new Response(Buffer.from(await exportCatalogXlsx(db())), {
      headers: {
        'content-type': XLSX_TYPE,
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`catalog-${today()}.xlsx`)}`,
        'cache-control': 'no-store',
      },
    }),
})

export const importCatalogEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/catalog/import',
  permission: 'catalog.write',
  summary:
    'Импорт товаров и предложений из CSV (UTF-8, «;» или «,») или XLSX в теле запроса. dryRun=1 (по умолчанию) — только отчёт: что будет создано, изменено и отклонено, с номерами строк; dryRun=0 — импорт одной транзакцией, а если хоть одна строка отклонена, ничего не меняется (400 с тем же отчётом)',
  tag: TAG,
  query: importQuery,
  upload: { mediaTypes: ['text/csv', XLSX_TYPE], maxBytes: MAX_IMPORT_BYTES, tooLarge: IMPORT_MESSAGES.tooLarge },
  response: importReport,
  handle: ({ query, bytes, actor }) => importCatalog(db(), actor, bytes, query.dryRun === '1'),
})

export const catalogImportEndpoints = [exportCsvEndpoint, exportXlsxEndpoint, importCatalogEndpoint]
