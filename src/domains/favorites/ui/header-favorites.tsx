'use client'

import { Link } from '@/ui/link'
import { useVisitorState } from '@/domains/cart/ui/cart-store'
import { HeartIcon } from '@/ui/icons'
import { CountBadge } from '@/ui/count-badge'

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
      <CountBadge count={count} tone="sale" testAttr="data-favorites-count" />
    </Link>
  )
}
