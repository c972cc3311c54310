/** Content rules that need no database: the fito filter on articles, dates, block sizes. */
import type { ArticleExpert } from '@/db/schema/content'

/** Recommendations block: 4 shown, the rest hidden behind a button. */
export const RECOMMENDATIONS_VISIBLE = 4
export type FitoSort = 'DESC' | 'ASC'

export interface FitoFilter {
  category: string
  sort: FitoSort
  q: string
}

export const EMPTY_FITO_FILTER: FitoFilter = { category: '', sort: 'DESC', q: '' }

export interface Material {
  name: string
  category: string
  previewText: string
  publishedAt: string
}

/** The fito filter on additional materials: category, date order, and words of the search text. */
export function filterMaterials<T extends Material>(items: readonly T[], filter: FitoFilter): T[] {
  const terms = filter.q.toLowerCase().replace(/ё/g, 'е').split(/\s+/).filter(Boolean)
  const matches = (m: T) => {
    if (filter.category && m.category !== filter.category) return false
    const hay = `${m.name} ${m.previewText}`.toLowerCase().replace(/ё/g, 'е')
    return terms.every((t) => hay.includes(t))
  }
  const dir = filter.sort === 'ASC' ? 1 : -1
  return items.filter(matches).sort((a, b) => dir * a.publishedAt.localeCompare(b.publishedAt))
}

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' })

/** «12 марта 2026» */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso)).replace(/\s*г\.$/, '')
}

/**
 * How an editor's preview marks an item buyers do not see (ADR 208): unpublished, or published with
 * a date still to come (a scheduled publication). Undefined: buyers see it.
 */
export type DraftMark = 'draft' | 'scheduled'

export const DRAFT_LABELS: Record<DraftMark, string> = { draft: 'Черновик', scheduled: 'Запланировано' }

export function draftMark(item: { published: boolean; publishedAt: Date | null }, at: Date): DraftMark | undefined {
  if (!item.published) return 'draft'
  return item.publishedAt && item.publishedAt.getTime() > at.getTime() ? 'scheduled' : undefined
}

/** The spec's DATA_EXPERT and, ours, IMG_SRCSET: a library photo's stored sizes ('' for a typed one). */
export type ExpertData = Omit<ArticleExpert, 'PICTURE_ID'> & { IMG_SRCSET: string }
