'use client'

import { Link } from '@/ui/link'
import { BuyButton } from '@/domains/cart/ui/buy-button'
import { StarRating } from '@/domains/catalog/ui/star-rating'
import { formatRub, rublesToKopecks } from '@/lib/money'
import { Slider, type SliderLayout } from '@/ui/slider'
import { canBuy, type LandingProductItem } from '../landings'
import { useLandingPrices } from './landing-prices'

/** Landing sliders: 3 per page, 2 at 991 px and below, 1 on phones. */
export const LANDING_SLIDER_LAYOUT: SliderLayout = {
  base: { perView: 1, gap: 12 },
  steps: [
    { minWidth: 568, perView: 2, gap: 16 },
    { minWidth: 992, perView: 3, gap: 20 },
  ],
}

export function LandingProductCard({ item }: { item: LandingProductItem }) {
  const { prices } = useLandingPrices()
  const known = prices.get(item.id)
  const merged = { ...item, price: known?.price ?? item.price, offerId: known?.offerId ?? item.offerId }
  const buyable = canBuy(merged)
  return (
    <article className="flex h-full flex-col rounded-2xl border border-line bg-white p-4 break-words hyphens-auto" data-card="landing-product" data-landing-product={item.id}>
      <Link href={item.link} className="block aspect-square overflow-hidden rounded-xl bg-surface">
        <img src={item.image} alt={item.title} loading="lazy" className="h-full w-full object-contain" />
      </Link>
      <Link href={item.link} className="mt-3 line-clamp-2 font-semibold hover:text-brand-600">
        {item.title}
      </Link>
      {item.description && <p className="mt-1 line-clamp-2 text-sm text-ink-600">{item.description}</p>}
      {item.rate > 2 && item.rates > 0 && (
        <div className="mt-2">
          <StarRating rating={item.rate} count={item.rates} />
        </div>
      )}
      <div className="mt-auto flex items-center justify-between gap-2 pt-4">
        <span className="text-lg font-bold" data-landing-price>
          {typeof merged.price === 'number' ? formatRub(rublesToKopecks(merged.price)) : '-'}
        </span>
        {buyable && merged.offerId !== null ? <BuyButton productId={item.id} offerId={merged.offerId} /> : null}
      </div>
    </article>
  )
}

/** Shown only once every price is loaded (spec §4); a placeholder keeps the space meanwhile. */
export function LandingProductsSlider({
  title,
  products,
  centered = false,
}: {
  title: string
  products: LandingProductItem[]
  centered?: boolean
}) {
  const { loaded } = useLandingPrices()
  if (products.length === 0) return null
  return (
    <section className="container-page py-10" data-block={centered ? 'products-slider-centered' : 'products-slider'}>
      <h2 className={`mb-6 text-2xl font-bold sm:text-3xl ${centered ? 'text-center' : ''}`}>{title}</h2>
      {loaded ? (
        <Slider label={title} layout={LANDING_SLIDER_LAYOUT} name="landing-products" loop={centered && products.length > 3}>
          {products.map((p) => (
            <LandingProductCard key={p.id} item={p} />
          ))}
        </Slider>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3" aria-busy="true" data-prices-loading>
          {products.slice(0, 3).map((p) => (
            <div key={p.id} className="h-80 animate-pulse rounded-2xl bg-surface" />
          ))}
        </div>
      )}
    </section>
  )
}
