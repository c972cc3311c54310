'use client'

import { useState } from 'react'
import type { CardView, PartnerLink } from '../catalog'
import { fromCatalogItem, type CatalogResult, type ShowMoreButton } from '../catalog-wire'
import { ProductCard } from './product-card'

/** The address of the next page for 'ПОКАЗАТЬ ЕЩЁ' (with ajax=Y for the JSON, without it for the bar). */
export function showMoreUrl(pathname: string, button: ShowMoreButton, ajax: boolean): string {
  const params = new URLSearchParams(button.FILTER)
  params.set(button.PAGINATOR_NAME, String(button.NEXT_PAGE))
  if (ajax) params.set('ajax', 'Y')
  return `${pathname}?${params.toString()}`
}

/**
 * The cards on the first screen: the first row at 3 columns (md and up, a 1440 px desktop), which is
 * also the first row and a half at 2 columns on a 375 px phone (below the heading and the filter only
 * the first row shows there). Their pictures load eagerly with high priority; the rest stay lazy.
 */
export const PRIORITY_CARDS = 3

/**
 * Cards in 3 columns (2 on small screens). 'ПОКАЗАТЬ ЕЩЁ' is a link to the next page (works without
 * JavaScript); with JavaScript it fetches that page as JSON, appends the cards and replaces the
 * address, without the ajax parameter.
 */
export function ProductList({
  cards,
  withPartners,
  showMore,
  basePath,
  listName,
}: {
  cards: CardView[]
  /**
   * The cards whose products have partner links. The links themselves are asked for when a card's
   * 'В аптеках' is clicked: sent with the page they were 10 KB of 12 cards (ADR 213).
   */
  withPartners: readonly number[]
  showMore: ShowMoreButton | null
  basePath: string
  listName: string
}) {
  const [items, setItems] = useState<{ product: CardView; partners?: PartnerLink[] }[]>(() =>
    cards.map((product) => ({ product })),
  )
  const [button, setButton] = useState(showMore)
  const [loading, setLoading] = useState(false)

  const loadMore = async () => {
    if (!button || loading) return
    setLoading(true)
    try {
      const res = await fetch(showMoreUrl(basePath, button, true), { headers: { accept: 'application/json' } })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      const data = (await res.json()) as CatalogResult
      const seen = new Set(items.map((i) => i.product.id))
      const more = data.ITEMS.map(fromCatalogItem).filter((i) => !seen.has(i.product.id))
      setItems((prev) => [...prev, ...more])
      window.history.replaceState(window.history.state, '', showMoreUrl(basePath, button, false))
      setButton(data.SHOW_MORE_BUTTON)
    } catch (e) {
      console.warn('show more failed', e)
      // Fall back to the plain page link.
      window.location.assign(showMoreUrl(basePath, button, false))
    } finally {
      setLoading(false)
    }
  }

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3" data-product-list>
        {items.map((item, index) => (
          <li key={item.product.id}>
            <ProductCard
              product={item.product}
              partners={item.partners}
              hasPartners={withPartners.includes(item.product.id)}
              listName={listName}
              index={index}
              priority={index < PRIORITY_CARDS}
            />
          </li>
        ))}
      </ul>
      {button && (
        <div className="mt-6 flex justify-center">
          <a
            href={showMoreUrl(basePath, button, false)}
            onClick={(e) => {
              e.preventDefault()
              void loadMore()
            }}
            aria-busy={loading}
            className="rounded-lg border-2 border-brand-500 px-8 py-3 font-semibold uppercase tracking-wide text-brand-700 hover:bg-brand-50 aria-busy:opacity-60"
            data-show-more
          >
            ПОКАЗАТЬ ЕЩЁ
          </a>
        </div>
      )}
    </>
  )
}
