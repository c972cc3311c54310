'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { ProgrammeView } from '@/domains/landings/programme-admin.schema'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, FormOutcome } from '../field'
import { ProductSearch } from '../product-search'
import { ui } from '../styles'

type Row = { key: number; code: string; name: string | null; filters: string[]; stage: number }

/**
 * The weight-loss programme's products (ADR 202): a product code, the filters it shows under and its
 * stage, in the page's order; rows are added, removed and moved, then saved at once.
 */
export function ProgrammeEditor({ programme, canEdit }: { programme: ProgrammeView; canEdit: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [rows, setRows] = useState<Row[]>(() => programme.products.map((p, i) => ({ ...p, key: i })))
  const [intro, setIntro] = useState(programme.intro)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const [next, setNext] = useState(programme.products.length)

  const change = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)))
  const move = (i: number, by: number) =>
    setRows((all) => {
      const out = [...all]
      const [row] = out.splice(i, 1)
      out.splice(i + by, 0, row!)
      return out
    })
  const save = async () => {
    setErrors({})
    setSaved(false)
    setBusy(true)
    try {
      await adminFetch('PATCH', '/api/admin/programme/', {
        intro,
        products: rows.map(({ code, filters, stage }) => ({ code: code.trim(), filters, stage })),
      })
      setSaved(true)
      router.refresh()
    } catch (error) {
      setErrors(
        error instanceof AdminApiError
          ? { ...error.fields, form: error.message }
          : { form: 'Не получилось сохранить.' },
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={`${ui.card} space-y-5 p-4 sm:p-6`} aria-label="Товары программы" role="form">
      <fieldset disabled={busy || !canEdit} className="space-y-4">
        <Field label="Вступление" error={errors.intro}>
          <textarea
            rows={3}
            value={intro}
            onChange={(e) => setIntro(e.target.value)}
            className={ui.input}
            aria-invalid={errors.intro ? true : undefined}
          />
        </Field>
        <ol className="space-y-2">
          {rows.map((row, i) => {
            const error =
              errors[`products.${i}.code`] ?? errors[`products.${i}.filters`] ?? errors[`products.${i}.stage`]
            return (
              <li key={row.key} className="rounded-md border border-line p-3" data-programme-row={row.code}>
                <div className="flex flex-wrap items-end gap-3">
                  <label className="min-w-56 flex-1">
                    <span className={ui.label}>
                      Код товара{' '}
                      {row.name ? <span className="font-normal text-ink-600">— {row.name}</span> : null}
                    </span>
                    <input
                      value={row.code}
                      onChange={(e) => change(row.key, { code: e.target.value, name: null })}
                      className={`${ui.input} font-mono`}
                      aria-invalid={error ? true : undefined}
                    />
                  </label>
                  <label>
                    <span className={ui.label}>Этап</span>
                    <select
                      value={row.stage}
                      onChange={(e) => change(row.key, { stage: Number(e.target.value) })}
                      className={ui.input}
                    >
                      {[1, 2, 3].map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </select>
                  </label>
                  <div className="flex gap-1">
                    <button
                      type="button"
                      className={ui.buttonSecondary}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={`Выше: ${row.code}`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={ui.buttonSecondary}
                      disabled={i === rows.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={`Ниже: ${row.code}`}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className={ui.buttonDanger}
                      onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                      aria-label={`Убрать: ${row.code}`}
                    >
                      Убрать
                    </button>
                  </div>
                </div>
                <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {programme.filters.map((f) => (
                    <label key={f.id} className="flex items-center gap-1.5">
                      <input
                        type="checkbox"
                        checked={row.filters.includes(f.id)}
                        onChange={(e) =>
                          change(row.key, {
                            filters: e.target.checked
                              ? [...row.filters, f.id]
                              : row.filters.filter((x) => x !== f.id),
                          })
                        }
                      />
                      {f.text}
                    </label>
                  ))}
                </div>
                {error ? (
                  <span role="alert" className="mt-1 block text-xs text-sale-500">
                    {error}
                  </span>
                ) : null}
              </li>
            )
          })}
        </ol>
        <ProductSearch
          label="Добавить товар в программу"
          pickLabel="В программу"
          disabled={busy || !canEdit}
          taken={(p) => rows.some((r) => r.code === p.code)}
          onPick={(p) => {
            setRows((all) => [...all, { key: next, code: p.code, name: p.name, filters: ['all'], stage: 1 }])
            setNext(next + 1)
          }}
        />
      </fieldset>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={ui.button}
            disabled={busy || !hydrated}
            onClick={() => void save()}
          >
            Сохранить программу
          </button>
          <FormOutcome saved={saved} error={errors.form} />
        </div>
      ) : null}
    </div>
  )
}
