'use client'

import { NearScreenPlaceholder } from '@/ui/near-screen-placeholder'
import { useNearScreenJson } from '@/ui/use-near-screen-json'
import type { ProductCardData } from '../catalog'
import { ProductCard } from './product-card'

/**
 * The product page's similar products, at the bottom of the page: asked for when they near the screen
 * (ADR 213). Sent with the page, their four cards were 14 KB of its HTML and payload and hydrated on
 * arrival.
 */
export function LazySimilarProducts({ url }: { url: string }) {
  const { ref, data, failed, retry } = useNearScreenJson<ProductCardData[]>(url)
  if (!data) return <NearScreenPlaceholder placeholderRef={ref} failed={failed} retry={retry} className="mt-4 min-h-96" />
  return (
    <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4" data-similar>
      {data.map((card, i) => (
        <li key={card.id}>
          <ProductCard product={card} listName="Похожие товары" index={i} />
        </li>
      ))}
    </ul>
  )
}
