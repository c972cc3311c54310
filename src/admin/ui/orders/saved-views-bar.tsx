'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { SavedView } from '@/domains/staff/saved-views.schema'
import { AdminApiError, adminFetch } from '../api-client'
import { FormOutcome } from '../field'
import { ui } from '../styles'

const tab = 'inline-flex items-center rounded-full border px-3 py-1.5 text-sm font-medium whitespace-nowrap'
const idle = `${tab} border-line bg-white text-ink-900 hover:border-brand-500`
const active = `${tab} border-brand-500 bg-brand-500 text-white`

/**
 * The member's saved views of the order list as tabs (issue 18): «Все заказы», then each view; the tab
 * whose filter is the page's own is marked. «Сохранить вид» keeps the page's current query under a
 * name (the same name replaces it); × deletes a view. Views live on the server, per staff member.
 */
export function SavedViewsBar({ views, current, path }: { views: SavedView[]; current: string; path: string }) {
  const router = useRouter()
  const [naming, setNaming] = useState(false)
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const matching = views.find((v) => v.query === current)

  const save = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError('')
    try {
      await adminFetch('POST', '/api/admin/saved-views/', { list: 'orders', name, query: current })
      setNaming(false)
      setName('')
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? (Object.values(e.fields)[0] ?? e.message) : 'Не получилось сохранить.')
    } finally {
      setBusy(false)
    }
  }

  const remove = async (view: SavedView) => {
    if (!window.confirm(`Удалить вид «${view.name}»?`)) return
    setError('')
    try {
      await adminFetch('DELETE', `/api/admin/saved-views/${view.id}/`)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось удалить.')
    }
  }

  return (
    <nav aria-label="Сохранённые виды" className="mb-3 flex flex-wrap items-center gap-2">
      <Link href={path} className={current === '' ? active : idle} aria-current={current === '' ? 'page' : undefined}>
        Все заказы
      </Link>
      {views.map((v) => {
        const on = v.query === current
        return (
          <span key={v.id} className={`${on ? active : idle} gap-1 py-0 pr-1`} data-view={v.name}>
            <Link href={v.query ? `${path}?${v.query}` : path} className="py-1.5" aria-current={on ? 'page' : undefined}>
              {v.name}
            </Link>
            <button
              type="button"
              onClick={() => remove(v)}
              aria-label={`Удалить вид «${v.name}»`}
              title="Удалить вид"
              className={`ml-0.5 flex h-6 w-6 items-center justify-center rounded-full text-base leading-none ${on ? 'text-white/80 hover:bg-white/20' : 'text-ink-600 hover:bg-surface hover:text-sale-500'}`}
            >
              ×
            </button>
          </span>
        )
      })}
      {naming ? (
        <form onSubmit={save} className="flex items-center gap-2">
          <label className="sr-only" htmlFor="saved-view-name">
            Название вида
          </label>
          <input
            id="saved-view-name"
            autoFocus
            required
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Например: К сборке"
            className={`${ui.input} w-48 py-1.5`}
          />
          <button type="submit" className={`${ui.button} py-1.5`} disabled={busy || !name.trim()}>
            {busy ? 'Сохраняем…' : 'Сохранить'}
          </button>
          <button type="button" className={`${ui.buttonSecondary} py-1.5`} onClick={() => setNaming(false)}>
            Отмена
          </button>
        </form>
      ) : current !== '' && !matching ? (
        <button type="button" className="inline-flex items-center gap-1 rounded-full border border-dashed border-brand-500 px-3 py-1.5 text-sm font-medium text-brand-600 hover:bg-brand-50" onClick={() => setNaming(true)}>
          + Сохранить вид
        </button>
      ) : null}
      <FormOutcome error={error} />
    </nav>
  )
}
