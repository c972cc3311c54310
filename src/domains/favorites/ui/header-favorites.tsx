'use client'

import Link from 'next/link'
import { useVisitorState } from '@/domains/cart/ui/cart-store'
import { HeartIcon } from '@/ui/icons'

/** The header favourites counter, linking to /personal/favorites/. */
export function HeaderFavorites() {
  const { favorites } = useVisitorState()
  const count = favorites.length
  return (
    <Link
      href="/personal/favorites/"
      aria-label={count > 0 ? `Избранное: ${count}` : 'Избранное'}
      data-slot="header-favorites"
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50"
    >
      <HeartIcon />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-favorites-count
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-sale-500 px-1 text-center text-[11px] font-bold leading-5 text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  )
}
