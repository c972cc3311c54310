'use client'

import type { ColumnDef } from '@tanstack/react-table'
import { countsText, EXCHANGE_MODES, EXCHANGE_OUTCOMES, EXCHANGE_TYPES } from '@/domains/exchange/exchange-admin'
import { Badge, type BadgeTone } from '../badge'
import { DataTable } from '../data-table'

export interface ExchangeLogRow {
  id: number
  at: string
  sessionId: number | null
  account: string | null
  type: string
  mode: string
  filename: string
  outcome: string
  message: string
  counts: Record<string, number> | null
}

const label = (labels: Record<string, string>, code: string) => labels[code] ?? code
const TONE: Record<string, BadgeTone> = { success: 'good', progress: 'info', failure: 'bad' }

const columns: ColumnDef<ExchangeLogRow, unknown>[] = [
  {
    header: 'Когда (МСК)',
    cell: ({ row }) => {
      const at = new Date(row.original.at)
      return (
        <span className="block tabular-nums">
          <span className="block whitespace-nowrap">{at.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' })}</span>
          <span className="block text-xs text-ink-600">{at.toLocaleTimeString('ru-RU', { timeZone: 'Europe/Moscow' })}</span>
        </span>
      )
    },
  },
  {
    header: 'Сеанс',
    cell: ({ row }) => (
      <span className="block max-w-32">
        {row.original.sessionId ? <span className="whitespace-nowrap">№{row.original.sessionId}</span> : <span className="text-ink-600">вход не выполнен</span>}
        {row.original.account ? <span className="block text-xs break-words text-ink-600">{row.original.account}</span> : null}
      </span>
    ),
  },
  {
    header: 'Запрос и файл',
    cell: ({ row }) => (
      <span className="block max-w-44">
        <span className="whitespace-nowrap">{label(EXCHANGE_MODES, row.original.mode)}</span>
        <span className="text-xs text-ink-600"> · {label(EXCHANGE_TYPES, row.original.type)}</span>
        {row.original.filename ? <span className="block font-mono text-xs break-all text-ink-600">{row.original.filename}</span> : null}
      </span>
    ),
  },
  { header: 'Итог', cell: ({ row }) => <Badge tone={TONE[row.original.outcome] ?? 'neutral'}>{label(EXCHANGE_OUTCOMES, row.original.outcome)}</Badge> },
  {
    header: 'Сообщение и счётчики',
    cell: ({ row }) => {
      const counts = countsText(row.original.counts)
      return (
        <span className="block min-w-48 text-sm break-words">
          {row.original.message ? <span className={row.original.outcome === 'failure' ? 'block text-sale-500' : 'block'}>{row.original.message}</span> : null}
          {counts ? <span className="block text-xs text-ink-600">{counts}</span> : null}
        </span>
      )
    },
  },
]

/** The exchange log's rows, newest first, as the server paged them. */
export function ExchangeLogTable({ rows }: { rows: ExchangeLogRow[] }) {
  return <DataTable columns={columns} data={rows} rowId={(r) => String(r.id)} empty="Обменов ещё не было: настройте узел обмена в 1С и запустите обмен." />
}
