'use client'

import { Link } from '@/ui/link'
import { useMemo, useState } from 'react'
import { plural } from '@/lib/plural'
import type { ArticleCard } from '../content.server'
import { DRAFT_LABELS, EMPTY_FITO_FILTER, filterMaterials, formatDate, type FitoFilter, type FitoSort } from '../content'

/** A material as the list shows it: an article card without its row id. */
export type MaterialCard = Omit<ArticleCard, 'id'>

/**
 * The fito filter over health materials: material category, date order (DESC/ASC), search text and a
 * reset. Runs in the browser over the list the page already carries, so the page stays cacheable.
 */
export function FitoFilteredList({ materials }: { materials: MaterialCard[] }) {
  const [filter, setFilter] = useState<FitoFilter>(EMPTY_FITO_FILTER)
  const categories = useMemo(() => [...new Set(materials.map((m) => m.category))].sort((a, b) => a.localeCompare(b, 'ru')), [materials])
  const shown = useMemo(() => filterMaterials(materials, filter), [materials, filter])
  const dirty = filter.category !== '' || filter.sort !== 'DESC' || filter.q !== ''

  return (
    <div>
      <form
        role="search"
        className="grid gap-3 rounded-2xl bg-surface p-4 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end"
        onSubmit={(e) => e.preventDefault()}
        data-block="fito-filter"
      >
        <label className="text-sm">
          <span className="mb-1 block font-semibold">Категория материала</span>
          <select
            name="category"
            value={filter.category}
            onChange={(e) => setFilter({ ...filter, category: e.target.value })}
            className="h-11 w-full rounded-lg border border-line bg-white px-3"
          >
            <option value="">Все материалы</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-semibold">Сортировка</span>
          <select
            name="sort"
            value={filter.sort}
            onChange={(e) => setFilter({ ...filter, sort: e.target.value as FitoSort })}
            className="h-11 w-full rounded-lg border border-line bg-white px-3"
          >
            <option value="DESC">Сначала новые</option>
            <option value="ASC">Сначала старые</option>
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-semibold">Поиск по материалам</span>
          <input
            type="search"
            name="q"
            value={filter.q}
            maxLength={100}
            placeholder="Например, витамин D"
            onChange={(e) => setFilter({ ...filter, q: e.target.value })}
            className="h-11 w-full rounded-lg border border-line bg-white px-3"
          />
        </label>
        <button
          type="button"
          disabled={!dirty}
          onClick={() => setFilter(EMPTY_FITO_FILTER)}
          className="h-11 rounded-lg border border-line bg-white px-4 text-sm font-semibold hover:border-brand-500 disabled:opacity-50"
        >
          Сбросить
        </button>
      </form>
      <p className="mt-4 text-sm text-ink-600" aria-live="polite" data-materials-count={shown.length}>
        {shown.length === 0 ? 'Ничего не найдено' : `Найдено ${shown.length} ${plural(shown.length, ['материал', 'материала', 'материалов'])}`}
      </p>
      <ul className="mt-4 grid gap-2.5 sm:grid-cols-2 sm:gap-5 md:grid-cols-3">
        {shown.map((m) => (
          <li key={m.code} data-material={m.code}>
            <Link href={`/health/item/${m.code}/`} className="group flex h-full flex-col overflow-hidden rounded-2xl border border-line hover:border-brand-500 break-words hyphens-auto" data-card="article">
              <img src={m.picture} alt="" loading="lazy" className="aspect-video w-full object-cover" />
              <span className="flex flex-1 flex-col p-4">
                <span className="flex flex-wrap items-center gap-2 text-xs text-ink-600">
                  <span className="rounded bg-brand-50 px-2 py-0.5 font-semibold text-brand-700">{m.category}</span>
                  {m.professional && <span className="rounded bg-accent-500/15 px-2 py-0.5 font-semibold text-accent-500">Для специалистов</span>}
                  <time dateTime={m.publishedAt}>{formatDate(m.publishedAt)}</time>
                  {m.mark && (
                    <span data-draft-mark={m.mark} className="rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
                      {DRAFT_LABELS[m.mark]}
                    </span>
                  )}
                </span>
                <span className="mt-2 font-semibold leading-snug group-hover:text-brand-700">{m.name}</span>
                <span className="mt-2 line-clamp-3 text-sm text-ink-600">{m.previewText}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
