'use client'

import { useEffect } from 'react'
import { trackSearch } from '@/domains/analytics/data-layer'

/** view_search_results once per results page. */
export function SearchAnalytics({ term }: { term: string }) {
  useEffect(() => {
    if (term) trackSearch(term)
  }, [term])
  return null
}
