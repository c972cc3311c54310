'use client'

import { NearScreenPlaceholder } from '@/ui/near-screen-placeholder'
import { useNearScreenJson } from '@/ui/use-near-screen-json'
import type { FeaturedSlide } from '../showcases'
import { FeaturedSlider } from './featured-slider'

export const FEATURED_URL = '/showcase/featured/'

/**
 * The product page's 'Рекомендуем' slider, at the bottom of the page: loaded when it nears the screen
 * (ADR 213), without the slide of the product shown above it.
 */
export function LazyFeaturedSlider({ exceptName }: { exceptName: string }) {
  const { ref, data, failed, retry } = useNearScreenJson<FeaturedSlide[]>(FEATURED_URL)
  return data ? (
    <FeaturedSlider slides={data.filter((s) => s.NAME !== exceptName)} eagerFirst={false} />
  ) : (
    <NearScreenPlaceholder placeholderRef={ref} failed={failed} retry={retry} className="min-h-96" />
  )
}
