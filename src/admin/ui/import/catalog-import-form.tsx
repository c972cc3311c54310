'use client'

import { useState, type FormEvent } from 'react'
import type { ImportLine, ImportReport } from '@/domains/catalog-import/catalog-import'
import { useHydrated } from '@/ui/use-hydrated'
import { Badge, type BadgeTone } from '../badge'
import { ui } from '../styles'

/**
 * The import (ADR 186): a file is checked first (the dry run shows what will be created, changed and
 * refused, line by line); «Импортировать» then sends the same file for real.
 */
const ACTIONS: Record<ImportLine['action'], { label: string; tone: BadgeTone }> = {
  create: { label: 'будет создано', tone: 'good' },
  update: { label: 'изменится', tone: 'info' },
  same: { label: 'без изменений', tone: 'neutral' },
  refused: { label: 'отклонено', tone: 'bad' },
}
const DONE: Record<ImportLine['action'], string> = { create: 'создано', update: 'изменено', same: 'без изменений', refused: 'отклонено' }

async function send(file: File, dryRun: boolean): Promise<{ report?: ImportReport; error?: string }> {
  const response = await fetch(`/api/admin/catalog/import/?dryRun=${dryRun ? 1 : 0}`, {
    method: 'POST',
    headers: { 'content-type': file.type || 'application/octet-stream' },
    body: file,
    credentials: 'same-origin',
  })
  const body = (await response.json().catch(() => ({}))) as Partial<ImportReport> & { error?: string; report?: ImportReport }
  if (response.status === 401) window.location.reload()
  if (response.ok) return { report: body as ImportReport }
  return { report: body.report, error: body.error ?? 'Не получилось загрузить файл.' }
}

export function CatalogImportForm() {
  const hydrated = useHydrated()
  const [file, setFile] = useState<File | null>(null)
  const [report, setReport] = useState<ImportReport | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const run = async (dryRun: boolean) => {
    if (!file) return
    setBusy(true)
    setError('')
    try {
      const answer = await send(file, dryRun)
      setReport(answer.report ?? null)
      setError(answer.error ?? '')
    } catch {
      setError('Не получилось загрузить файл: нет связи с сервером.')
    } finally {
      setBusy(false)
    }
  }
  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void run(true)
  }

  const writes = report ? report.products.create + report.products.update + report.offers.create + report.offers.update : 0
  const canApply = report?.dryRun && !report.refused && !report.fileErrors.length && writes > 0
  const word = (l: ImportLine) => (report?.dryRun ? ACTIONS[l.action].label : DONE[l.action])
  return (
    <section className={`${ui.card} p-4`}>
      <h2 className="text-base font-semibold">Импорт</h2>
      <form onSubmit={check} className="mt-3 flex flex-wrap items-end gap-3">
        <label className="min-w-64 flex-1">
          <span className={ui.label}>Файл CSV или XLSX</span>
          <input
            type="file"
            name="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className={ui.input}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null)
              setReport(null)
              setError('')
            }}
          />
        </label>
        <button type="submit" className={ui.buttonSecondary} disabled={!hydrated || !file || busy}>
          Проверить
        </button>
        <button type="button" className={ui.button} disabled={!hydrated || !canApply || busy} onClick={() => void run(false)}>
          Импортировать
        </button>
      </form>
      <p className="mt-2 text-xs text-ink-600">Сначала файл проверяется: ничего не меняется, пока вы не нажмёте «Импортировать». Если хоть одна строка отклонена, импорт не выполняется целиком.</p>
      {busy ? (
        <p role="status" className="mt-3 text-sm text-ink-600">
          Обрабатываем файл…
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-sale-500">
          {error}
        </p>
      ) : null}
      {report ? (
        <div className="mt-4" data-testid="import-report">
          <h3 className="text-sm font-semibold">{report.dryRun ? 'Проверка файла' : 'Импорт выполнен'}</h3>
          <ul className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
            <li className="rounded-md bg-surface p-2">
              Строк: <b>{report.rows}</b>
            </li>
            <li className="rounded-md bg-surface p-2">
              Новых товаров: <b>{report.products.create}</b>, предложений: <b>{report.offers.create}</b>
            </li>
            <li className="rounded-md bg-surface p-2">
              Изменится товаров: <b>{report.products.update}</b>, предложений: <b>{report.offers.update}</b>
            </li>
            <li className="rounded-md bg-surface p-2">
              Без изменений: <b>{report.same}</b>
            </li>
            <li className={`rounded-md p-2 ${report.refused ? 'bg-red-50 text-red-800' : 'bg-surface'}`}>
              Отклонено: <b>{report.refused}</b>
            </li>
          </ul>
          {report.fileErrors.length ? (
            <ul role="alert" className="mt-3 list-disc pl-5 text-sm text-sale-500">
              {report.fileErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
          {report.lines.length ? (
            <div className="mt-3 max-h-[28rem] overflow-auto rounded-md border border-line">
              <table className="w-full text-sm">
                <thead className="sticky top-0 bg-surface text-left text-xs text-ink-600">
                  <tr>
                    <th className="px-3 py-2 font-medium">Строка</th>
                    <th className="px-3 py-2 font-medium">Код товара</th>
                    <th className="px-3 py-2 font-medium">Артикул</th>
                    <th className="px-3 py-2 font-medium">Что будет</th>
                    <th className="px-3 py-2 font-medium">Подробности</th>
                  </tr>
                </thead>
                <tbody>
                  {report.lines.map((l) => (
                    <tr key={l.line} className="border-t border-line">
                      <td className="px-3 py-1.5 tabular-nums">{l.line}</td>
                      <td className="px-3 py-1.5 font-mono text-xs">{l.code}</td>
                      <td className="px-3 py-1.5 font-mono text-xs">{l.sku}</td>
                      <td className="px-3 py-1.5">
                        <Badge tone={ACTIONS[l.action].tone}>{word(l)}</Badge>
                      </td>
                      <td className="px-3 py-1.5">{l.reason ?? (l.newProduct ? 'новый товар' : l.changes?.join(', ') ?? '')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {report.truncated ? <p className="mt-2 text-xs text-ink-600">Показаны первые 2 000 строк.</p> : null}
        </div>
      ) : null}
    </section>
  )
}
