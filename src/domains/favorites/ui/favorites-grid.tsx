'use client'

import { Link } from '@/ui/link'
import { useVisitorState } from '@/domains/cart/ui/cart-store'
import type { ProductCardData } from '@/domains/catalog/catalog'
import { ProductCard } from '@/domains/catalog/ui/product-card'

/**
 * The favourites page's cards. The server renders what it knew; once the store has loaded, a card
 * whose heart was switched off on this page leaves the grid at once.
 */
export function FavoritesGrid({ cards }: { cards: ProductCardData[] }) {
  const { favorites, loaded } = useVisitorState()
  const shown = loaded ? cards.filter((c) => favorites.includes(c.id)) : cards
  if (shown.length === 0) {
    return (
      <div className="rounded-2xl bg-surface px-4 py-12 text-center" data-favorites-empty>
        <h2 className="text-xl font-bold">В избранном пока нет товаров</h2>
        <p className="mt-2 text-ink-600">Нажмите на сердечко у товара, чтобы сохранить его здесь.</p>
        <Link href="/catalog/" className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-500 px-6 font-semibold text-white hover:bg-brand-600">
          Перейти в каталог
        </Link>
      </div>
    )
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" data-favorites-grid>
      {shown.map((card, i) => (
        <li key={card.id}>
          <ProductCard product={card} listName="Избранное" index={i} />
        </li>
      ))}
    </ul>
  )
}
