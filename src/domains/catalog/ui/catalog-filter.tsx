'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'
import { CloseIcon } from '@/ui/icons'
import type { FilterGroup, FilterGroupView } from '../catalog-filter'
import { clampPrice, filterUrl, PROPERTY_PARAM_PREFIX, toggle, toggleProp, type FilterState, type SortCode } from '../filter-state'

/** Spec point 9: filter changes apply after 1 s. */
export const FILTER_DEBOUNCE_MS = 1000

type Edit = (s: FilterState) => FilterState

/** Applies one option click of a group to the state (checkbox toggles, sort replaces). */
function editFor(group: FilterGroup['id'], optionId: string): Edit {
  switch (group) {
    case 'purpose':
      return (s) => ({ ...s, purpose: toggle(s.purpose, optionId) })
    case 'brand':
      return (s) => ({ ...s, brand: toggle(s.brand, optionId) })
    case 'form':
      return (s) => ({ ...s, form: toggle(s.form, optionId as FilterState['form'][number]) })
    case 'in_stock':
      return (s) => ({ ...s, inStock: !s.inStock })
    case 'discount':
      return (s) => ({ ...s, discount: !s.discount })
    case 'sort':
      return (s) => ({ ...s, sort: optionId as SortCode })
    case 'price':
      return (s) => s
    default: {
      // A filter property of the back office (ADR 204): p_{code}.
      const code = group.slice(PROPERTY_PARAM_PREFIX.length)
      return (s) => ({ ...s, props: toggleProp(s.props, code, optionId) })
    }
  }
}

function isActive(state: FilterState, group: FilterGroup['id'], optionId: string): boolean {
  switch (group) {
    case 'purpose':
      return state.purpose.includes(optionId)
    case 'brand':
      return state.brand.includes(optionId)
    case 'form':
      return (state.form as string[]).includes(optionId)
    case 'in_stock':
      return state.inStock
    case 'discount':
      return state.discount
    case 'sort':
      return state.sort === optionId
    case 'price':
      return false
    default:
      return (state.props[group.slice(PROPERTY_PARAM_PREFIX.length)] ?? []).includes(optionId)
  }
}

/**
 * Desktop selects and the mobile full-screen panel 'Фильтры'. Every change is kept locally and the
 * address is changed 1 s after the last one (shareable, back button works); the server then renders
 * the list and the counts for the new address.
 */
export function CatalogFilter({
  groups,
  state: applied,
  basePath,
  foundText,
}: {
  groups: FilterGroupView[]
  state: FilterState
  basePath: string
  foundText: string
}) {
  const router = useRouter()
  const [state, setState] = useState<FilterState>(applied)
  const [open, setOpen] = useState<string | null>(null)
  const [panel, setPanel] = useState(false)
  const [search, setSearch] = useState<Record<string, string>>({})
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const rootRef = useRef<HTMLDivElement>(null)

  const go = (next: FilterState) => {
    clearTimeout(timer.current)
    const url = filterUrl(basePath, { ...next, page: 1 })
    if (url !== filterUrl(basePath, { ...applied, page: 1 })) router.push(url, { scroll: false })
  }

  const change = (edit: Edit, immediate = false) => {
    const next = edit(state)
    setState(next)
    clearTimeout(timer.current)
    // On the mobile panel the list is hidden, so the panel waits for 'Показать товары'.
    if (immediate) go(next)
    else if (!panel) timer.current = setTimeout(() => go(next), FILTER_DEBOUNCE_MS)
  }

  useEffect(() => () => clearTimeout(timer.current), [])

  // Close an open desktop select on an outside click or Escape.
  useEffect(() => {
    if (!open) return
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(null)
    }
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(null)
    document.addEventListener('pointerdown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  useEffect(() => {
    if (!panel) return
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [panel])

  const sortGroup = groups.find((g) => g.id === 'sort')
  const facetGroups = groups.filter((g) => g.id !== 'sort')

  const options = (g: FilterGroupView) =>
    g.id === 'price' ? (
      <div className="flex items-center gap-2 p-1">
        {g.options.map((o) => (
          <label key={o.id} className="flex items-center gap-1 text-sm">
            <span className="text-ink-600">{o.name}</span>
            <input
              inputMode="numeric"
              name={o.id}
              aria-label={`Цена ${o.name}`}
              placeholder={o.placeholder}
              defaultValue={o.value}
              className="w-24 rounded-lg border border-line px-2 py-1.5"
              onChange={(e) => {
                e.target.value = e.target.value.replace(/\D/g, '')
                const v = clampPrice(e.target.value)
                change((s) => (o.id === 'price_from' ? { ...s, priceFrom: v } : { ...s, priceTo: v }))
              }}
            />
          </label>
        ))}
      </div>
    ) : (
      <>
        {g.searchLabel && g.options.length > 6 && (
          <input
            type="search"
            aria-label={g.searchLabel}
            placeholder={g.searchLabel}
            value={search[g.id] ?? ''}
            onChange={(e) => setSearch({ ...search, [g.id]: e.target.value })}
            className="mb-2 w-full rounded-lg border border-line px-2 py-1.5 text-sm"
          />
        )}
        <ul className={`grid gap-1 ${g.colsize >= 3 ? 'sm:grid-cols-2' : ''}`}>
          {g.options
            .filter((o) => o.name.toLowerCase().includes((search[g.id] ?? '').trim().toLowerCase()))
            .map((o) => {
              const checked = isActive(state, g.id, o.id)
              return (
                <li key={o.id}>
                  <label className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-surface">
                    <input
                      type={o.datatype === 'radio' ? 'radio' : 'checkbox'}
                      name={`${g.id}`}
                      value={o.id}
                      checked={checked}
                      onChange={() => change(editFor(g.id, o.id), g.id === 'sort' && !panel)}
                      className="h-4 w-4 accent-brand-500"
                      data-filter-option={`${g.id}:${o.id}`}
                    />
                    <span className="flex-1">{o.name}</span>
                    {o.count !== undefined && <span className="text-xs text-ink-400">{o.count}</span>}
                  </label>
                </li>
              )
            })}
        </ul>
      </>
    )

  const activeCount = (g: FilterGroupView) =>
    g.id === 'price'
      ? state.priceFrom !== null || state.priceTo !== null
        ? 1
        : 0
      : g.options.filter((o) => isActive(state, g.id, o.id)).length

  return (
    <div ref={rootRef} data-catalog-filter>
      {/* Desktop: one select per group. */}
      <div className="hidden flex-wrap items-center gap-2 md:flex">
        {facetGroups.map((g) => (
          <div key={g.id} className="relative">
            <button
              type="button"
              aria-expanded={open === g.id}
              onClick={() => setOpen(open === g.id ? null : g.id)}
              className={`flex items-center gap-1 rounded-lg border px-3 py-2 text-sm ${activeCount(g) ? 'border-brand-500 bg-brand-50' : 'border-line hover:border-brand-500'}`}
              data-filter-group={g.id}
            >
              {g.label}
              {activeCount(g) > 0 && (
                <span className="rounded-full bg-brand-500 px-1.5 text-xs text-white">{activeCount(g)}</span>
              )}
              <span aria-hidden="true" className="text-ink-400">
                ▾
              </span>
            </button>
            {open === g.id && (
              <div
                className={`absolute left-0 top-full z-30 mt-1 max-h-80 overflow-auto rounded-xl border border-line bg-white p-2 shadow-xl ${g.colsize >= 3 ? 'w-[28rem]' : 'w-64'}`}
              >
                {options(g)}
              </div>
            )}
          </div>
        ))}
        {sortGroup && (
          <label className="ml-auto flex items-center gap-2 text-sm">
            <span className="text-ink-600">{sortGroup.label}</span>
            <select
              name="sort"
              value={state.sort}
              onChange={(e) => change((s) => ({ ...s, sort: e.target.value as SortCode }), true)}
              className="rounded-lg border border-line bg-white px-2 py-2"
              data-sort-select
            >
              {sortGroup.options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>

      {/* Mobile: a button opening the full-screen panel. */}
      <div className="flex items-center gap-2 md:hidden">
        <button
          type="button"
          onClick={() => setPanel(true)}
          className="flex-1 rounded-lg border border-line px-3 py-2 text-sm font-semibold"
          data-open-filter-panel
        >
          Фильтры
        </button>
        {sortGroup && (
          <select
            name="sort"
            aria-label={sortGroup.label}
            value={state.sort}
            onChange={(e) => change((s) => ({ ...s, sort: e.target.value as SortCode }), true)}
            className="flex-1 rounded-lg border border-line bg-white px-2 py-2 text-sm"
          >
            {sortGroup.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        )}
      </div>

      <p className="mt-3 text-sm text-ink-600" data-found-count aria-live="polite">
        {foundText}
      </p>

      {panel && (
        <div
          role="dialog"
          aria-modal="true"
          aria-label="Фильтры"
          className="fixed inset-0 z-[70] flex flex-col bg-white md:hidden"
          data-filter-panel
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-3">
            <h2 className="text-lg font-bold">Фильтры</h2>
            <div className="flex items-center gap-3">
              <a
                href={`${basePath}?clearFilter=Y`}
                className="text-sm text-brand-700 underline"
                data-filter-reset
              >
                Сбросить
              </a>
              <button
                type="button"
                aria-label="Закрыть"
                onClick={() => {
                  setState(applied)
                  setPanel(false)
                }}
                className="rounded-full p-1 hover:bg-surface"
              >
                <CloseIcon />
              </button>
            </div>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-3">
            {facetGroups.map((g) => (
              <fieldset key={g.id} className="border-b border-line py-3">
                <legend className="mb-2 font-semibold">{g.label}</legend>
                {options(g)}
              </fieldset>
            ))}
          </div>
          <div className="border-t border-line p-4">
            <button
              type="button"
              onClick={() => {
                setPanel(false)
                go(state)
              }}
              className="w-full rounded-lg bg-brand-500 py-3 font-semibold text-white hover:bg-brand-600"
              data-filter-apply
            >
              Показать товары
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
