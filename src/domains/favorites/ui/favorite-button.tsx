'use client'

import { useVisitorState, toggleFavorite } from '@/domains/cart/ui/cart-store'
import { HeartIcon } from '@/ui/icons'

/** The heart on cards and the gallery: toggles the product in the visitor's favourites. */
export function FavoriteButton({ productId, className = '' }: { productId: number; className?: string }) {
  const { favorites } = useVisitorState()
  const active = favorites.includes(productId)
  return (
    <button
      type="button"
      onClick={() => void toggleFavorite(productId)}
      aria-pressed={active}
      aria-label={active ? 'Убрать из избранного' : 'Добавить в избранное'}
      data-favorite-id={productId}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-full transition-colors hover:bg-brand-50 ${
        active ? 'text-sale-500' : 'text-ink-400 hover:text-sale-500'
      } ${className}`}
    >
      <HeartIcon filled={active} />
    </button>
  )
}
