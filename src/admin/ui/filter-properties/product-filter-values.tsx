'use client'

import Link from 'next/link'
import { useState, type FormEvent } from 'react'
import type { FilterPropertyView } from '@/domains/catalog/filter-properties'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { FormOutcome } from '../field'
import { ui } from '../styles'

/**
 * The product's values of the filter's properties (ADR 204): a group of boxes per property, any number
 * ticked; saved as the whole list (POST /api/admin/products/{id}/filter-values).
 */
export function ProductFilterValues({ productId, properties, optionIds, canEdit }: { productId: number; properties: FilterPropertyView[]; optionIds: number[]; canEdit: boolean }) {
  const hydrated = useHydrated()
  const [saved, setSaved] = useState(false)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const withOptions = properties.filter((p) => p.options.length > 0)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const ids = new FormData(event.currentTarget).getAll('optionIds').map(Number)
    setSaved(false)
    setError(undefined)
    setBusy(true)
    try {
      await adminFetch('POST', `/api/admin/products/${productId}/filter-values/`, { optionIds: ids })
      // The boxes already show what was saved and nothing else on the page shows it, so the page is not
      // refreshed: «Сохранено.» stays until the next change.
      setSaved(true)
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось сохранить.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Свойства для фильтра" className={`${ui.card} space-y-4 p-4 sm:p-6`} data-product-filter-values>
      <h2 className="text-base font-semibold">Свойства для фильтра</h2>
      {withOptions.length === 0 ? (
        <p className="text-sm text-ink-600">
          Свойств со значениями пока нет: их заводят в разделе{' '}
          <Link className={ui.link} href="/admin/filter-properties/">
            «Свойства фильтра»
          </Link>
          .
        </p>
      ) : (
        <fieldset disabled={busy || !canEdit} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {withOptions.map((p) => (
            <fieldset key={p.id}>
              <legend className={ui.label}>
                {p.name}
                {p.active ? null : <span className="ml-2 text-xs font-normal text-ink-600">(скрыто в фильтре)</span>}
              </legend>
              <div className="space-y-1">
                {p.options.map((o) => (
                  <label key={o.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="optionIds" value={o.id} defaultChecked={optionIds.includes(o.id)} />
                    <span>{o.name}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </fieldset>
      )}
      {canEdit && withOptions.length ? (
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={ui.button} disabled={busy || !hydrated}>
            Сохранить свойства
          </button>
          <FormOutcome saved={saved} error={error} />
        </div>
      ) : null}
    </form>
  )
}
