'use client'

import { Link } from '@/ui/link'
import { useRouter } from 'next/navigation'
import { useRef, useState } from 'react'
import { addToBasket, findLine, startVisitorStore, useVisitorState } from '@/domains/cart/ui/cart-store'
import { rublesToKopecks } from '@/lib/money'
import { Price } from '@/ui/price'
import { Slider } from '@/ui/slider'
import { FEATURED_AUTOPLAY_MS, FEATURED_TRANSITION_MS, type FeaturedSlide } from '../showcases'

const ONE_PER_VIEW = { base: { perView: 1, gap: 10 }, steps: [{ minWidth: 767, perView: 1, gap: 20 }] }
/** The picture's box: w-48 (192 px) on phones, at most max-w-xs (320 px) from sm. */
const FEATURED_PICTURE_SIZES = '(min-width: 640px) 320px, 192px'
/** The spec: the cart button adds one unit after a 300 ms delay. */
const ADD_DELAY_MS = 300

/** Featured products: one wide slide at a time, autoplay every 5 s (paused under the mouse), 500 ms moves. */
export function FeaturedSlider({
  slides,
  eagerFirst = true,
}: {
  slides: FeaturedSlide[]
  /** The first slide's picture loads at once with high priority: on the home page it is the LCP. */
  eagerFirst?: boolean
}) {
  if (slides.length === 0) return null
  return (
    <Slider
      label="Рекомендуем"
      name="featured"
      layout={ONE_PER_VIEW}
      autoplay={FEATURED_AUTOPLAY_MS}
      transitionMs={FEATURED_TRANSITION_MS}
      loop
      dots
      arrows="desktop"
    >
      {slides.map((s, i) => (
        <article
          key={s.offer.id}
          className="grid h-full items-center gap-4 rounded-2xl bg-brand-50 p-5 sm:grid-cols-[2fr_3fr] sm:p-8"
          data-card="featured"
          data-offer-id={s.offer.id}
        >
          <Link href={s.LINK} className="mx-auto block w-48 sm:w-full sm:max-w-xs" tabIndex={-1} aria-hidden="true">
            {/* The first slide is the top of the home page on every screen: its picture is the LCP candidate. */}
            <img
              src={s.IMAGE}
              srcSet={s.IMAGE_SRCSET || undefined}
              sizes={s.IMAGE_SRCSET ? FEATURED_PICTURE_SIZES : undefined}
              alt={s.NAME}
              loading={eagerFirst && i === 0 ? 'eager' : 'lazy'}
              fetchPriority={eagerFirst && i === 0 ? 'high' : undefined}
              className="aspect-square w-full rounded-xl object-contain"
            />
          </Link>
          <div>
            <p className="text-sm font-semibold text-brand-700">{s.SUBTITLE}</p>
            <h2 className="mt-1 text-xl font-bold sm:text-2xl">
              <Link href={s.LINK} className="hover:text-brand-600">
                {s.TITLE}
              </Link>
            </h2>
            <p className="mt-1 text-xs text-ink-600">{s.SECTION_NAME}</p>
            <p className="mt-3 text-sm text-ink-600 sm:text-base">{s.DESCRIPTION}</p>
            <div className="mt-4 flex flex-wrap items-center gap-4">
              <Price value={rublesToKopecks(s.PRICE)} oldValue={s.OLD_PRICE === null ? null : rublesToKopecks(s.OLD_PRICE)} size="lg" />
              {s.quantity !== 0 ? (
                <FeaturedCartButton offerId={s.offer.id} />
              ) : (
                <span className="text-sm font-semibold text-ink-600">нет в наличии</span>
              )}
            </div>
          </div>
        </article>
      ))}
    </Slider>
  )
}

/** First click adds one unit; once in the cart the label shows the quantity and a click opens the cart. */
function FeaturedCartButton({ offerId }: { offerId: number }) {
  const { cart } = useVisitorState()
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const quantity = findLine(offerId, cart)?.quantity ?? 0

  function onClick() {
    if (quantity > 0) {
      router.push('/personal/cart/')
      return
    }
    if (timer.current) return
    setBusy(true)
    timer.current = setTimeout(async () => {
      try {
        await startVisitorStore()
        if (!findLine(offerId)) await addToBasket(offerId, 1)
      } finally {
        timer.current = null
        setBusy(false)
      }
    }, ADD_DELAY_MS)
  }

  return (
    <button
      type="button"
      onClick={onClick}
      aria-busy={busy}
      data-featured-cart=""
      className={`inline-flex h-11 items-center justify-center rounded-lg px-5 text-sm font-semibold transition-colors ${
        quantity > 0 ? 'border border-brand-500 bg-white text-brand-700 hover:bg-brand-50' : 'bg-brand-600 text-white hover:bg-brand-700'
      }`}
    >
      {quantity > 0 ? `В корзине: ${quantity} шт.` : 'В корзину'}
    </button>
  )
}
