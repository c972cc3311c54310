'use client'

import { flavours, flavoursForSize, offerForFlavour, offerForSize, packageSizes, type OfferCardData } from '../catalog'

/** Package-size and flavour buttons; used by cards and the product page. */
export function OfferSwitcher<T extends OfferCardData>({
  offers,
  active,
  onChange,
  compact = false,
}: {
  offers: readonly T[]
  active: T
  onChange: (offer: T) => void
  compact?: boolean
}) {
  const sizes = packageSizes(offers)
  const tastes = flavours(offers)
  const available = flavoursForSize(offers, active.packageSize)
  const chip = (selected: boolean) => `offer-chip ${compact ? 'text-xs' : 'text-sm'} ${selected ? 'offer-chip-on' : 'offer-chip-off'}`
  return (
    <div className="offer-groups">
      {sizes.length > 1 || !compact ? (
        <div role="group" aria-label="Размер упаковки" className="offer-group">
          {sizes.map((size) => {
            const first = offerForSize(offers, size)
            return (
              <button
                key={size}
                type="button"
                data-size={size}
                aria-pressed={active.packageSize === size}
                className={chip(active.packageSize === size)}
                onClick={() => first && first.id !== active.id && onChange(first)}
              >
                {`${size} ${first?.packageUnit ?? ''}`.trim()}
              </button>
            )
          })}
        </div>
      ) : null}
      {tastes.length > 1 && (
        <div role="group" aria-label="Вкус" className="offer-group">
          {tastes.map((taste) => {
            const selected = active.flavour === taste
            return (
              <button
                key={taste}
                type="button"
                data-flavour={taste}
                aria-pressed={selected}
                className={`${chip(selected)} ${available.has(taste) ? '' : 'opacity-60'}`}
                onClick={() => {
                  const next = offerForFlavour(offers, active, taste)
                  if (next && next.id !== active.id) onChange(next)
                }}
              >
                {taste}
              </button>
            )
          })}
        </div>
      )}
    </div>
  )
}
