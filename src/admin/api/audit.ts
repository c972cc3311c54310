import { z } from 'zod'
import { wire } from '@/lib/ajax'
import { db } from '@/db/client'
import { auditEntries, type AuditEntry } from '@/domains/audit/audit.server'
import { toCsv } from '@/lib/csv'
import { csvFile, endpoint } from '../endpoint'

export const auditQuery = z.object({
  objectType: z.string().max(50).optional(),
  objectId: z.string().max(50).optional(),
  staffId: wire.id.optional(),
  beforeId: wire.id.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})

const entry = z.object({
  id: z.number(),
  at: z.string(),
  staffId: z.number().nullable(),
  apiTokenId: z.number().nullable(),
  actor: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
})

const publicEntry = (row: AuditEntry) => ({ ...row, at: row.at.toISOString() })

export const listAudit = endpoint({
  method: 'GET',
  path: '/api/admin/audit',
  permission: 'audit.read',
  summary: 'Журнал изменений (новые сначала; beforeId — следующая страница)',
  tag: 'Журнал',
  query: auditQuery,
  response: z.object({ items: z.array(entry) }),
  handle: async ({ query }) => ({ items: (await auditEntries(db(), query)).map(publicEntry) }),
})

export const exportAudit = endpoint({
  method: 'GET',
  path: '/api/admin/audit/export',
  permission: 'audit.read',
  summary: 'Журнал изменений в CSV',
  tag: 'Журнал',
  query: auditQuery.omit({ beforeId: true, limit: true }),
  response: 'csv',
  handle: async ({ query }) => {
    const rows = await auditEntries(db(), { ...query, limit: 100_000 })
    const csv = toCsv(
      ['Когда', 'Кто', 'Объект', 'Номер', 'Действие', 'Было', 'Стало'],
      rows.map((r) => [r.at, r.actor, r.objectType, r.objectId, r.action, r.before === null ? '' : JSON.stringify(r.before), r.after === null ? '' : JSON.stringify(r.after)]),
    )
    return csvFile('журнал-изменений.csv', csv)
  },
})

export const auditEndpoints = [listAudit, exportAudit]
