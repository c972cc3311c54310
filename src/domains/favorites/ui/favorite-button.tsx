'use client'

import { useVisitorState, toggleFavorite } from '@/domains/cart/ui/cart-store'

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
      className={`fav-button ${active ? 'fav-button-on' : 'fav-button-off'} ${className}`}
    >
      {/* A CSS-masked heart: the inline SVG was a third of this button's HTML on every card (ADR 213). */}
      <span className={active ? 'heart heart-filled' : 'heart'} aria-hidden="true" />
    </button>
  )
}
