import { countOf, WORDS } from '@/lib/plural'

/** Five stars filled by 20 % per point, the average with one decimal and the review count. */
export function StarRating({ rating, count, href }: { rating: number; count: number; href?: string }) {
  const fill = Math.round(Math.max(0, Math.min(100, rating * 20)) * 10) / 10
  const body = (
    <>
      <span className="rating-stars" aria-hidden="true">
        ★★★★★
        <span className="rating-stars-fill" style={{ width: `${fill}%` }}>
          ★★★★★
        </span>
      </span>
      <span className="font-semibold text-ink-900">{rating.toFixed(1)}</span>
      <span>{`(${countOf(count, WORDS.review)})`}</span>
    </>
  )
  // The count wraps under the stars when a narrow card has no room for it (ADR 122).
  const cls = 'rating-line'
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
