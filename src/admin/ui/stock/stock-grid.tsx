'use client'

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { GRID_FIELDS, STOCK_GRID_MESSAGES, isLow, type GridField } from '@/domains/catalog/stock-grid'
import type { GridConflict, StockGridRow, StockGridSaved } from '@/domains/catalog/stock-grid.schema'
import { formatRub } from '@/lib/money'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError } from '../api-client'
import { Badge } from '../badge'
import { ui } from '../styles'
import { integerFromInput, kopecksFromInput, rublesForInput } from '../products/product-format'

/**
 * The stock grid (issue 20, ADR 185): a spreadsheet of offers whose stock, threshold and prices are
 * typed in place. Arrows move between cells, Enter or typing starts an edit, Enter or Tab keeps it
 * (and moves on), Esc drops it. Changed cells stay marked until «Сохранить» sends them all at once.
 */
const COLUMNS: Record<GridField, { label: string; money: boolean; hint: string }> = {
  stock: { label: 'Остаток', money: false, hint: 'пусто — не учитывается' },
  lowStockThreshold: { label: 'Порог', money: false, hint: 'пусто — общий порог' },
  price: { label: 'Цена, ₽', money: true, hint: '' },
  oldPrice: { label: 'Старая цена, ₽', money: true, hint: 'пусто — без скидки' },
}

type Values = Pick<StockGridRow, GridField>
type Drafts = Record<number, Partial<Record<GridField, string>>>

const shown = (field: GridField, value: number | null) => (value === null ? '' : COLUMNS[field].money ? rublesForInput(value) : String(value))

/** What a typed text means: a number, null for empty, or undefined when it is not a valid value. */
function parse(field: GridField, text: string): number | null | undefined {
  const value = COLUMNS[field].money ? kopecksFromInput(text) : integerFromInput(text)
  if (value === null) return field === 'price' ? undefined : null
  return typeof value === 'number' ? value : undefined
}

export function StockGrid({ rows: initial, canStock, canPrice, defaultThreshold }: { rows: StockGridRow[]; canStock: boolean; canPrice: boolean; defaultThreshold: number }) {
  const hydrated = useHydrated()
  const [rows, setRows] = useState(initial)
  const [drafts, setDrafts] = useState<Drafts>({})
  const [active, setActive] = useState<{ row: number; col: number }>({ row: 0, col: 0 })
  const [editing, setEditing] = useState<string | null>(null)
  const [conflicts, setConflicts] = useState<Record<number, string>>({})
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const table = useRef<HTMLTableElement>(null)
  /** A move asked for the active cell to take the focus once no editor is open. */
  const focusWanted = useRef(false)
  const editable = useMemo(() => GRID_FIELDS.filter((f) => (f === 'stock' || f === 'lowStockThreshold' ? canStock : canPrice)), [canStock, canPrice])
  const columns: GridField[] = ['stock', 'lowStockThreshold', 'price', 'oldPrice']

  const changed = useMemo(() => {
    const out: { row: StockGridRow; set: Partial<Values>; invalid: GridField[] }[] = []
    for (const row of rows) {
      const draft = drafts[row.offerId]
      if (!draft) continue
      const set: Partial<Values> = {}
      const invalid: GridField[] = []
      for (const [field, text] of Object.entries(draft) as [GridField, string][]) {
        const value = parse(field, text)
        if (value === undefined) invalid.push(field)
        else if (value !== row[field]) Object.assign(set, { [field]: value })
      }
      if (Object.keys(set).length || invalid.length) out.push({ row, set, invalid })
    }
    return out
  }, [rows, drafts])
  const invalidCount = changed.reduce((n, c) => n + c.invalid.length, 0)

  // Leaving with unsaved changes asks first, as a spreadsheet would.
  useEffect(() => {
    if (!changed.length) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [changed.length])

  const focusCell = (row: number, col: number) => {
    const r = Math.max(0, Math.min(rows.length - 1, row))
    const c = Math.max(0, Math.min(columns.length - 1, col))
    focusWanted.current = true
    setActive({ row: r, col: c })
  }

  // The focus moves after the render, never later: a deferred focus could land on the cell after a new editor
  // opened in it, and the keys meant for the editor (Esc) would go to the cell.
  useEffect(() => {
    if (editing !== null || !focusWanted.current) return
    focusWanted.current = false
    table.current?.querySelector<HTMLElement>(`[data-cell="${active.row}-${active.col}"]`)?.focus()
  }, [active, editing])

  const textOf = (row: StockGridRow, field: GridField) => drafts[row.offerId]?.[field] ?? shown(field, row[field])
  const canEdit = (col: number) => editable.includes(columns[col]!)

  const commit = (text: string) => {
    const row = rows[active.row]
    const field = columns[active.col]
    if (!row || !field) return
    setDrafts((d) => {
      const mine = { ...d[row.offerId] }
      if (text.trim() === shown(field, row[field])) delete mine[field]
      else mine[field] = text
      const next = { ...d }
      if (Object.keys(mine).length) next[row.offerId] = mine
      else delete next[row.offerId]
      return next
    })
    setEditing(null)
  }

  const onCellKey = (event: KeyboardEvent<HTMLElement>) => {
    if (editing !== null) return
    const { row, col } = active
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }
    const move = moves[event.key]
    if (move) {
      event.preventDefault()
      focusCell(row + move[0], col + move[1])
    } else if (event.key === 'Tab') {
      const next = col + (event.shiftKey ? -1 : 1)
      if (next >= 0 && next < columns.length) {
        event.preventDefault()
        focusCell(row, next)
      }
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault()
      if (canEdit(col)) setEditing(textOf(rows[row]!, columns[col]!))
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && canEdit(col)) {
      event.preventDefault()
      commit('')
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && canEdit(col)) {
      // Typing over a cell replaces its value, as in a spreadsheet.
      event.preventDefault()
      setEditing(event.key)
    }
  }

  const onEditorKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const { row, col } = active
    // The key ends this edit; the input's blur as it goes must not keep anything more.
    if (['Enter', 'Tab', 'Escape', 'ArrowUp', 'ArrowDown'].includes(event.key)) event.currentTarget.dataset.closed = 'true'
    if (event.key === 'Enter') {
      event.preventDefault()
      commit(event.currentTarget.value)
      focusCell(row + (event.shiftKey ? -1 : 1), col)
    } else if (event.key === 'Tab') {
      event.preventDefault()
      commit(event.currentTarget.value)
      focusCell(row, col + (event.shiftKey ? -1 : 1))
    } else if (event.key === 'Escape') {
      event.preventDefault()
      setEditing(null)
      focusCell(row, col)
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault()
      commit(event.currentTarget.value)
      focusCell(row + (event.key === 'ArrowUp' ? -1 : 1), col)
    }
  }

  const save = async () => {
    const send = changed.filter((c) => Object.keys(c.set).length)
    if (!send.length || invalidCount) return
    setBusy(true)
    setMessage(null)
    try {
      const response = await fetch('/api/admin/stock/', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({
          changes: send.map(({ row, set }) => ({
            offerId: row.offerId,
            expected: { stock: row.stock, price: row.price, oldPrice: row.oldPrice, lowStockThreshold: row.lowStockThreshold },
            set,
          })),
        }),
      })
      const body = (await response.json().catch(() => ({}))) as Partial<StockGridSaved> & { error?: string; conflicts?: GridConflict[] }
      if (response.ok && body.rows) {
        const fresh = new Map(body.rows.map((r) => [r.offerId, r]))
        setRows((rs) => rs.map((r) => fresh.get(r.offerId) ?? r))
        setDrafts({})
        setConflicts({})
        setMessage({ ok: true, text: STOCK_GRID_MESSAGES.saved(body.saved ?? 0) })
      } else if (response.status === 409 && body.conflicts) {
        // The grid now shows what is stored and keeps the member's own values as changes on top.
        const now = new Map(body.conflicts.map((c) => [c.offerId, c]))
        setRows((rs) => rs.map((r) => (now.get(r.offerId)?.current ? { ...r, ...now.get(r.offerId)!.current } : r)))
        setConflicts(Object.fromEntries(body.conflicts.map((c) => [c.offerId, c.message])))
        setMessage({ ok: false, text: body.error ?? STOCK_GRID_MESSAGES.conflicts })
      } else {
        if (response.status === 401) window.location.reload()
        setMessage({ ok: false, text: body.error ?? 'Не получилось сохранить.' })
      }
    } catch (error) {
      setMessage({ ok: false, text: error instanceof AdminApiError ? error.message : 'Не получилось сохранить: нет связи с сервером.' })
    } finally {
      setBusy(false)
    }
  }

  const pending = changed.filter((c) => Object.keys(c.set).length).length
  return (
    <div>
      <div className="sticky top-0 z-10 mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-line bg-white p-3">
        <button type="button" className={ui.button} disabled={!hydrated || busy || !pending || invalidCount > 0} onClick={save}>
          Сохранить
        </button>
        <button type="button" className={ui.buttonSecondary} disabled={!hydrated || busy || !changed.length} onClick={() => (setDrafts({}), setConflicts({}), setMessage(null))}>
          Отменить изменения
        </button>
        <span className="text-sm text-ink-600" aria-live="polite">
          {invalidCount ? `Исправьте значения в ячейках, отмеченных красным: ${invalidCount}.` : pending ? `Изменено строк: ${pending}.` : 'Изменений нет.'}
        </span>
        {message ? (
          <span role={message.ok ? 'status' : 'alert'} className={`text-sm font-medium ${message.ok ? 'text-brand-600' : 'text-sale-500'}`}>
            {message.text}
          </span>
        ) : null}
        <span className="ml-auto text-xs text-ink-600">
          Стрелки — по ячейкам, Enter или цифра — изменить, Enter/Tab — принять, Esc — отменить. Общий порог: {defaultThreshold} шт.
        </span>
      </div>
      <div className="overflow-x-auto rounded-lg border border-line bg-white">
        <table ref={table} role="grid" aria-label="Остатки и цены" className="w-full min-w-[720px] border-collapse text-sm">
          <thead>
            <tr className="border-b border-line bg-surface text-left text-xs text-ink-600">
              <th className="px-3 py-2 font-medium">Товар</th>
              <th className="px-3 py-2 font-medium">Артикул</th>
              {columns.map((f) => (
                <th key={f} className="w-28 px-2 py-2 text-right font-medium" title={COLUMNS[f].hint}>
                  {COLUMNS[f].label}
                  {!editable.includes(f) ? <span className="sr-only"> (только просмотр)</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => {
              const conflict = conflicts[row.offerId]
              const low = row.active && isLow(parse('stock', textOf(row, 'stock')) ?? row.stock, parse('lowStockThreshold', textOf(row, 'lowStockThreshold')) ?? null, defaultThreshold)
              return (
                <tr key={row.offerId} data-offer={row.offerId} className={`border-b border-line last:border-0 ${conflict ? 'bg-red-50' : ''}`}>
                  <td className="max-w-72 px-3 py-1.5">
                    <a className={`${ui.link} block truncate`} href={`/admin/products/${row.productId}/`}>
                      {row.productName}
                    </a>
                    <span className="flex flex-wrap items-center gap-1.5 text-xs text-ink-600">
                      {row.variant} · {row.brandName}
                      {!row.active ? <Badge>выключено</Badge> : null}
                      {low ? <Badge tone="warn">заканчивается</Badge> : null}
                    </span>
                    {conflict ? (
                      <span role="alert" className="block text-xs font-medium text-sale-500">
                        {conflict}
                      </span>
                    ) : null}
                  </td>
                  <td className="max-w-40 px-2 py-1.5 font-mono text-xs break-all">{row.sku}</td>
                  {columns.map((field, c) => {
                    const isActive = active.row === r && active.col === c
                    const draft = drafts[row.offerId]?.[field]
                    const dirty = draft !== undefined
                    const bad = dirty && parse(field, draft) === undefined
                    const text = textOf(row, field)
                    return (
                      <td
                        key={field}
                        role="gridcell"
                        data-cell={`${r}-${c}`}
                        data-field={field}
                        tabIndex={isActive && editing === null ? 0 : -1}
                        aria-readonly={!editable.includes(field)}
                        aria-invalid={bad || undefined}
                        aria-label={`${COLUMNS[field].label}: ${row.productName}, ${row.variant}`}
                        onFocus={() => (active.row !== r || active.col !== c) && editing === null && setActive({ row: r, col: c })}
                        onClick={() => focusCell(r, c)}
                        onDoubleClick={() => editable.includes(field) && (setActive({ row: r, col: c }), setEditing(text))}
                        onKeyDown={onCellKey}
                        className={`h-9 px-2 py-1 text-right tabular-nums outline-none ${isActive ? 'ring-2 ring-brand-500 ring-inset' : ''} ${bad ? 'bg-red-100 text-sale-500' : dirty ? 'bg-amber-100 font-semibold' : ''} ${editable.includes(field) ? 'cursor-cell' : 'text-ink-600'}`}
                      >
                        {isActive && editing !== null ? (
                          <input
                            autoFocus
                            aria-label={`${COLUMNS[field].label}: ${row.productName}, ${row.variant}`}
                            defaultValue={editing}
                            inputMode={COLUMNS[field].money ? 'decimal' : 'numeric'}
                            className="w-full rounded border border-brand-500 px-1 py-0.5 text-right outline-none"
                            onKeyDown={onEditorKey}
                            onBlur={(e) => {
                              if (!e.currentTarget.dataset.closed) commit(e.currentTarget.value)
                            }}
                          />
                        ) : COLUMNS[field].money && text !== '' && !bad ? (
                          formatRub(parse(field, text) ?? 0)
                        ) : text === '' ? (
                          <span className="text-ink-600">{field === 'lowStockThreshold' ? `${defaultThreshold} (общий)` : '—'}</span>
                        ) : (
                          text
                        )}
                      </td>
                    )
                  })}
                </tr>
              )
            })}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="p-6 text-center text-ink-600">Предложений не найдено.</p> : null}
      </div>
    </div>
  )
}
