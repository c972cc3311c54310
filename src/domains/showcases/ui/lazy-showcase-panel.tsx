'use client'

import { NearScreenPlaceholder } from '@/ui/near-screen-placeholder'
import { useNearScreenJson } from '@/ui/use-near-screen-json'
import { showcaseTabUrl, type ExpertTabContent, type ProductTabContent } from '../showcases'
import { ExpertTabSlider, ProductTabSlider } from './showcase-panels'

/*
 * Home-page tabs whose content the server did not send (ADR 191): asked for the first time the panel
 * is shown near the screen (a hidden panel never intersects), from an address the page cache serves.
 */

export function LazyProductTab({ anchor }: { anchor: string }) {
  const { ref, data, failed, retry } = useNearScreenJson<ProductTabContent>(
    showcaseTabUrl('mainpage-products', anchor),
  )
  return data ? (
    <ProductTabSlider anchor={anchor} content={data} />
  ) : (
    <NearScreenPlaceholder placeholderRef={ref} failed={failed} retry={retry} />
  )
}

export function LazyExpertTab({ anchor }: { anchor: string }) {
  const { ref, data, failed, retry } = useNearScreenJson<ExpertTabContent>(
    showcaseTabUrl('sets-from-experts', anchor),
  )
  return data ? (
    <ExpertTabSlider content={data} />
  ) : (
    <NearScreenPlaceholder placeholderRef={ref} failed={failed} retry={retry} />
  )
}
