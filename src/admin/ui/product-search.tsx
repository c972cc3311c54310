'use client'

import { useEffect, useId, useState } from 'react'
import type { ProductList, ProductRow } from '@/domains/catalog/catalog-admin.schema'
import { adminFetch } from './api-client'
import { ui } from './styles'

/**
 * Finds catalogue products by a part of the name, code or SKU (GET /api/admin/products?q=) and hands
 * the chosen one to `onPick` (ADR 209). Only the latest search's answer is shown: an earlier, slower
 * one is dropped when it comes, so typing on never brings back an older list.
 */
export function ProductSearch({
  label,
  onPick,
  taken,
  disabled,
  pickLabel = 'Добавить',
}: {
  label: string
  onPick: (product: ProductRow) => void
  /** Already chosen: shown, but not offered again. */
  taken?: (product: ProductRow) => boolean
  disabled?: boolean
  pickLabel?: string
}) {
  const id = useId()
  const [q, setQ] = useState('')
  const [found, setFound] = useState<ProductRow[] | null>(null)
  const [error, setError] = useState<string>()
  const query = q.trim()

  useEffect(() => {
    if (query.length < 2) return
    let latest = true
    adminFetch<ProductList>('GET', `/api/admin/products/?q=${encodeURIComponent(query)}`)
      .then((list) => {
        if (!latest) return
        setFound(list.items.slice(0, 8))
        setError(undefined)
      })
      .catch((e: unknown) => {
        if (latest) setError(e instanceof Error ? e.message : 'Не получилось найти.')
      })
    return () => {
      latest = false
    }
  }, [query])

  const shown = query.length < 2 ? null : found
  return (
    <div className="space-y-2" data-product-search>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={q}
        disabled={disabled}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Часть названия, кода или артикула"
        className={ui.input}
        autoComplete="off"
      />
      {error ? (
        <p role="alert" className="text-sm text-sale-500">
          {error}
        </p>
      ) : null}
      {shown ? (
        shown.length === 0 ? (
          <p className="text-sm text-ink-600">Ничего не найдено.</p>
        ) : (
          <ul className="divide-y divide-line rounded-md border border-line" aria-label="Найденные товары">
            {shown.map((p) => {
              const chosen = taken?.(p) ?? false
              return (
                <li key={p.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1">
                    <span className="font-medium">{p.name}</span>{' '}
                    <span className="font-mono text-xs text-ink-600">{p.code}</span>
                    {p.published ? null : <span className="ml-2 text-xs text-ink-600">скрыт</span>}
                  </span>
                  <button
                    type="button"
                    className={ui.buttonSecondary}
                    disabled={disabled || chosen}
                    onClick={() => onPick(p)}
                    aria-label={`${pickLabel}: ${p.name}`}
                  >
                    {chosen ? 'Уже в списке' : pickLabel}
                  </button>
                </li>
              )
            })}
          </ul>
        )
      ) : null}
    </div>
  )
}
