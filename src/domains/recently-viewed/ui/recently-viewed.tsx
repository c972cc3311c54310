'use client'

import { useEffect, useState } from 'react'
import { postForm } from '@/lib/ajax-client'
import { Slider } from '@/ui/slider'
import type { SeenProduct } from '../recently-viewed'
import { SeenProductCard } from './seen-product-card'

interface Answer {
  items: SeenProduct[]
  similar: SeenProduct[]
}

/**
 * The visitor's recently viewed products (newest first, without the one on screen) and similar
 * products, fetched per visitor after the cached page has loaded. Nothing shows until there is
 * something to show.
 */
export function RecentlyViewed({ excludeProductId, showSimilar = true }: { excludeProductId?: number; showSimilar?: boolean }) {
  const [data, setData] = useState<Answer | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    postForm<Answer>('/ajax/recently-viewed/', { action: 'get', exclude: excludeProductId ?? '' }, { signal: controller.signal })
      .then(setData)
      .catch(() => {})
    return () => controller.abort()
  }, [excludeProductId])

  if (!data) return null
  return (
    <>
      {data.items.length > 0 && (
        <section className="mt-12" data-block="recently-viewed">
          <h2 className="mb-4 text-2xl font-bold">Вы недавно смотрели</h2>
          <Slider label="Вы недавно смотрели" name="recently-viewed">
            {data.items.map((p) => (
              <SeenProductCard key={p.id} product={p} />
            ))}
          </Slider>
        </section>
      )}
      {showSimilar && data.similar.length > 0 && (
        <section className="mt-12" data-block="similar-products">
          <h2 className="mb-4 text-2xl font-bold">Похожие товары</h2>
          <ul className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-5 md:grid-cols-4">
            {data.similar.map((p) => (
              <li key={p.id}>
                <SeenProductCard product={p} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
