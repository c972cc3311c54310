import { countOf, WORDS } from '@/lib/plural'

/** Five stars filled by 20 % per point, the average with one decimal and the review count. */
export function StarRating({ rating, count, href }: { rating: number; count: number; href?: string }) {
  const fill = Math.max(0, Math.min(100, rating * 20))
  const body = (
    <>
      <span className="relative inline-block text-sm leading-none tracking-tight text-line" aria-hidden="true">
        ★★★★★
        <span className="absolute inset-0 overflow-hidden text-accent-500" style={{ width: `${fill}%` }}>
          ★★★★★
        </span>
      </span>
      <span className="font-semibold text-ink-900">{rating.toFixed(1)}</span>
      <span>({countOf(count, WORDS.review)})</span>
    </>
  )
  // The count wraps under the stars when a narrow card has no room for it (ADR 122).
  const cls = 'inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-ink-600'
  return href ? (
    <a href={href} className={`${cls} hover:text-brand-600`} aria-label={`Рейтинг ${rating.toFixed(1)} из 5`}>
      {body}
    </a>
  ) : (
    <span className={cls} aria-label={`Рейтинг ${rating.toFixed(1)} из 5`} data-inline-rating>
      {body}
    </span>
  )
}
