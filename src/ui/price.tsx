import { formatRub, type Kopecks } from '@/lib/money'

/** Current price with the crossed-out old price beside it when there is a discount. */
export function Price({
  value,
  oldValue,
  size = 'md',
  className = '',
}: {
  value: Kopecks
  oldValue?: Kopecks | null
  size?: 'sm' | 'md' | 'lg'
  className?: string
}) {
  const main = { sm: 'text-base', md: 'text-lg', lg: 'text-3xl' }[size]
  const hasOld = oldValue != null && oldValue > value
  return (
    // Short classes (globals.css): a price is in every card of a list (ADR 213).
    <span className={`price ${className}`}>
      <span className={`${main} font-bold ${hasOld ? 'text-sale-500' : 'text-ink-900'}`} data-price>
        {formatRub(value)}
      </span>
      {hasOld && (
        <s className="price-old" data-old-price>
          <span className="sr-only">Старая цена: </span>
          {formatRub(oldValue)}
        </s>
      )}
    </span>
  )
}
