'use client'

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { postForm } from '@/lib/ajax-client'
import type { WirePrice } from '../landings'

export interface KnownPrice {
  price: WirePrice
  offerId: number | null
}

const PricesContext = createContext<{ prices: ReadonlyMap<number, KnownPrice>; loaded: boolean }>({ prices: new Map(), loaded: false })

/**
 * Prices the cached page leaves out are fetched one by one with POST /ajax/product/get-price/, as the
 * spec's landing does; sliders wait for all of them. A failed call counts as '-' (no buy button).
 */
export function LandingPrices({ productIds, children }: { productIds: readonly number[]; children: ReactNode }) {
  const [state, setState] = useState<{ prices: ReadonlyMap<number, KnownPrice>; loaded: boolean }>({ prices: new Map(), loaded: productIds.length === 0 })
  const key = [...new Set(productIds)].join(',')
  useEffect(() => {
    const ids = key ? key.split(',').map(Number) : []
    let cancelled = false
    ;(async () => {
      const prices = new Map<number, KnownPrice>()
      for (const id of ids) {
        try {
          const answer = await postForm<{ price: WirePrice; offerId: number | null }>('/ajax/product/get-price/', { id })
          prices.set(id, { price: answer.price, offerId: answer.offerId })
        } catch {
          prices.set(id, { price: '-', offerId: null })
        }
        if (cancelled) return
      }
      setState({ prices, loaded: true })
    })()
    return () => {
      cancelled = true
    }
  }, [key])
  return <PricesContext.Provider value={state}>{children}</PricesContext.Provider>
}

export function useLandingPrices() {
  return useContext(PricesContext)
}
