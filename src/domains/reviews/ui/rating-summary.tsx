import { ringPercent } from '../reviews'
import { Stars } from './stars'

/** The average in a ring filled 20% per point, with 5 stars and the number of marks. */
export function RatingSummary({ average, ratesCount }: { average: number; ratesCount: number }) {
  const r = 34
  const circumference = 2 * Math.PI * r
  const percent = ringPercent(average)
  return (
    <div className="flex items-center gap-4">
      <div className="relative h-20 w-20 shrink-0" data-testid="rating-ring" data-percent={percent}>
        <svg viewBox="0 0 80 80" className="h-20 w-20 -rotate-90" aria-hidden="true">
          <circle cx="40" cy="40" r={r} fill="none" stroke="var(--color-line)" strokeWidth="8" />
          <circle
            cx="40"
            cy="40"
            r={r}
            fill="none"
            stroke="var(--color-brand-500)"
            strokeWidth="8"
            strokeLinecap="round"
            strokeDasharray={`${(circumference * percent) / 100} ${circumference}`}
          />
        </svg>
        <span className="absolute inset-0 flex items-center justify-center text-2xl font-bold text-ink-900" data-testid="rating-average">
          {average.toFixed(1).replace('.', ',')}
        </span>
      </div>
      <div>
        <Stars value={average} size={20} />
        <p className="mt-1 text-sm text-ink-600">
          {ratesCount > 0 ? `Средняя оценка по ${ratesCount} ${ratesCount % 10 === 1 && ratesCount % 100 !== 11 ? 'оценке' : 'оценкам'}` : 'Оценок пока нет'}
        </p>
      </div>
    </div>
  )
}
