'use client'

import Autoplay from 'embla-carousel-autoplay'
import useEmblaCarousel from 'embla-carousel-react'
import { Children, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { ChevronIcon } from './icons'

/** Slides per page and the gap between slides (px) from a minimum viewport width up. */
export interface SliderStep {
  minWidth: number
  perView: number
  gap: number
}

/** Mobile first: `base` applies below the first step; later steps override from their `minWidth`. */
export interface SliderLayout {
  base: { perView: number; gap: number }
  steps: SliderStep[]
}

/** The shop's product sliders: 1 below 767 px (gap 10), 3 below 991 px, 4 above (gap 20). */
export const PRODUCT_SLIDER_LAYOUT: SliderLayout = {
  base: { perView: 1, gap: 10 },
  steps: [
    { minWidth: 767, perView: 3, gap: 20 },
    { minWidth: 991, perView: 4, gap: 20 },
  ],
}

/** News preview: 1 on phones, 2 from 568 px, 3 from 1200 px. */
export const NEWS_SLIDER_LAYOUT: SliderLayout = {
  base: { perView: 1, gap: 10 },
  steps: [
    { minWidth: 568, perView: 2, gap: 20 },
    { minWidth: 1200, perView: 3, gap: 20 },
  ],
}

/** A stable class name per layout, so identical sliders share one <style> rule set. */
export function layoutClass(layout: SliderLayout): string {
  const parts = [`${layout.base.perView}-${layout.base.gap}`, ...layout.steps.map((s) => `${s.minWidth}-${s.perView}-${s.gap}`)]
  return `vs-${parts.join('_')}`
}

/**
 * Widths come from CSS (custom properties per media query), not from JavaScript, so the server HTML
 * already shows the right number of slides and nothing jumps when the script loads.
 */
export function layoutCss(layout: SliderLayout): string {
  const cls = layoutClass(layout)
  const rule = (perView: number, gap: number) => `.${cls}{--vs-per:${perView};--vs-gap:${gap}px}`
  const steps = [...layout.steps]
    .sort((a, b) => a.minWidth - b.minWidth)
    .map((s) => `@media (min-width:${s.minWidth}px){${rule(s.perView, s.gap)}}`)
  return [rule(layout.base.perView, layout.base.gap), ...steps].join('')
}

export interface SliderProps {
  children: ReactNode
  /** Accessible name of the carousel region. */
  label: string
  layout?: SliderLayout
  /** Milliseconds between automatic moves; off when unset. Paused while the pointer is over it. */
  autoplay?: number
  /** Loop around at the ends (only sensible with autoplay or few, wide slides). */
  loop?: boolean
  /** Show the prev/next arrows (hidden anyway when everything fits); 'desktop': from 768 px only. */
  arrows?: boolean | 'desktop'
  /** Show page dots under the slider. */
  dots?: boolean
  className?: string
  /** Test and analytics hook, e.g. `data-slider="news"`. */
  name?: string
}

/**
 * The shared carousel (embla): swipe and drag, arrows, optional dots and autoplay. Each child is a
 * slide. Moving by arrows scrolls a page of slides at a time.
 */
export function Slider({
  children,
  label,
  layout = PRODUCT_SLIDER_LAYOUT,
  autoplay,
  loop = false,
  arrows = true,
  dots = false,
  className = '',
  name,
}: SliderProps) {
  const plugins = useMemo(
    () => (autoplay ? [Autoplay({ delay: autoplay, stopOnMouseEnter: true, stopOnInteraction: false })] : []),
    [autoplay],
  )
  const [viewportRef, api] = useEmblaCarousel({ align: 'start', slidesToScroll: 'auto', loop, containScroll: 'trimSnaps' }, plugins)
  const [canPrev, setCanPrev] = useState(false)
  const [canNext, setCanNext] = useState(false)
  const [snaps, setSnaps] = useState<number[]>([])
  const [selected, setSelected] = useState(0)

  const sync = useCallback(() => {
    if (!api) return
    setCanPrev(api.canScrollPrev())
    setCanNext(api.canScrollNext())
    setSnaps(api.scrollSnapList())
    setSelected(api.selectedScrollSnap())
  }, [api])

  useEffect(() => {
    if (!api) return
    // The first read waits a frame: embla has measured by then, and no render cascades from the effect.
    const frame = requestAnimationFrame(sync)
    api.on('select', sync).on('reInit', sync).on('resize', sync)
    return () => {
      cancelAnimationFrame(frame)
      api.off('select', sync).off('reInit', sync).off('resize', sync)
    }
  }, [api, sync])

  // Autoplay restarts after the pointer leaves; embla's option only stops it on enter.
  useEffect(() => {
    if (!api || !autoplay) return
    const root = api.rootNode()
    const resume = () => api.plugins().autoplay?.play()
    root.addEventListener('mouseleave', resume)
    return () => root.removeEventListener('mouseleave', resume)
  }, [api, autoplay])

  const cls = layoutClass(layout)
  const slides = Children.toArray(children)

  return (
    <div
      className={`${cls} relative ${className}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-slider={name}
    >
      <style href={cls} precedence="default">
        {layoutCss(layout)}
      </style>
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y" style={{ marginLeft: 'calc(var(--vs-gap) * -1)' }}>
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} из ${slides.length}`}
              data-slide=""
              className="min-w-0 shrink-0 grow-0"
              style={{ flexBasis: 'calc(100% / var(--vs-per))', paddingLeft: 'var(--vs-gap)' }}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {arrows && (canPrev || canNext) && (
        <div className={arrows === 'desktop' ? 'hidden sm:block' : undefined}>
          <button
            type="button"
            aria-label="Назад"
            data-slider-prev=""
            disabled={!canPrev}
            onClick={() => api?.scrollPrev()}
            className="absolute top-1/2 left-0 z-10 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full border border-line bg-white text-ink-900 shadow-md transition hover:text-brand-600 disabled:opacity-0 sm:-translate-x-1/2"
          >
            <ChevronIcon direction="left" size={20} />
          </button>
          <button
            type="button"
            aria-label="Вперёд"
            data-slider-next=""
            disabled={!canNext}
            onClick={() => api?.scrollNext()}
            className="absolute top-1/2 right-0 z-10 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full border border-line bg-white text-ink-900 shadow-md transition hover:text-brand-600 disabled:opacity-0 sm:translate-x-1/2"
          >
            <ChevronIcon direction="right" size={20} />
          </button>
        </div>
      )}
      {dots && snaps.length > 1 && (
        <div className="mt-3 flex justify-center gap-1">
          {snaps.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={`Страница ${i + 1}`}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => api?.scrollTo(i)}
              className="flex h-6 min-w-6 items-center justify-center"
            >
              <span className={`block h-2.5 rounded-full transition-all ${i === selected ? 'w-6 bg-brand-500' : 'w-2.5 bg-ink-400'}`} />
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
