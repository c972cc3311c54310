'use client'

import type { EmblaCarouselType } from 'embla-carousel'
import { Children, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useFailedImages } from './failed-images'
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
  /** Milliseconds between automatic moves; off when unset. Paused while the mouse is over it. */
  autoplay?: number
  /**
   * Every move (arrows, dots, autoplay, the end of a swipe) takes exactly this many milliseconds, easing
   * out. Unset: embla's own glide, whose length depends on the distance.
   */
  transitionMs?: number
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
 * Embla is fetched when the slider comes this close to the screen, not with the page: the slides are
 * laid out by CSS already, so only swiping and the arrows wait for it, and most sliders sit below the
 * fold of the pages that carry them.
 */
const LOAD_MARGIN = '400px 0px'

/** Embla on `viewport` once the slider nears the screen; null until then, and after unmounting. */
function useLazyEmbla(viewport: HTMLElement | null, loop: boolean): EmblaCarouselType | null {
  const [api, setApi] = useState<EmblaCarouselType | null>(null)
  useEffect(() => {
    if (!viewport) return
    let carousel: EmblaCarouselType | null = null
    let unmounted = false
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        import('embla-carousel')
          .then(({ default: EmblaCarousel }) => {
            if (unmounted) return
            carousel = EmblaCarousel(viewport, {
              align: 'start',
              slidesToScroll: 'auto',
              loop,
              containScroll: 'trimSnaps',
            })
            setApi(carousel)
          })
          // A failed download leaves the server-rendered first page in place, which still reads fine.
          .catch(() => undefined)
      },
      { rootMargin: LOAD_MARGIN },
    )
    observer.observe(viewport)
    return () => {
      unmounted = true
      observer.disconnect()
      carousel?.destroy()
      setApi(null)
    }
  }, [viewport, loop])
  return api
}

const easeOut = (t: number) => 1 - (1 - t) ** 3

/**
 * Fixed-length moves on top of embla, whose own glide is a spring that settles in a time depending on
 * the distance. Embla still picks the slide, loops slides round and fires its events; `take` only
 * decides, frame by frame, where between the track's position and embla's target the track is, so
 * that it arrives exactly `ms` later. The track is always where it is drawn, so a click or a finger
 * mid-move carries on from there. While a move is under way the viewport carries `data-gliding`, so a
 * test can tell under a fake clock when it ends without watching frames.
 */
function fixedLengthGlide(api: EmblaCarouselType, ms: number) {
  let frame = 0
  const gliding = (on: boolean) => api.rootNode().toggleAttribute('data-gliding', on)
  const cancel = () => {
    cancelAnimationFrame(frame)
    frame = 0
    gliding(false)
  }
  const take = () => {
    cancel()
    gliding(true)
    // Read each time: embla builds a new engine when it re-measures (resize, new slides).
    const engine = api.internalEngine()
    engine.animation.stop()
    const distance = engine.target.get() - engine.location.get()
    const started = performance.now()
    const step = (now: number) => {
      const progress = Math.min(1, (now - started) / ms)
      // An instant seek records the direction of travel, which tells embla's looper which way to wrap.
      engine.scrollBody.useDuration(0).seek()
      engine.location.set(engine.target.get() - distance * (1 - easeOut(progress)))
      engine.previousLocation.set(engine.location)
      engine.animation.render(1)
      frame = progress < 1 ? requestAnimationFrame(step) : 0
      if (!frame) gliding(false)
    }
    step(started)
  }
  return { take, cancel }
}

/**
 * Moves every `delay` ms while the page is visible and no mouse is over the slider (its arrows and
 * dots included); any move, by hand too, restarts the wait, and a finger on the slides holds it.
 */
function useAutoplay(api: EmblaCarouselType | null, region: HTMLElement | null, delay: number | undefined, next: () => void): void {
  useEffect(() => {
    if (!api || !region || !delay) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let hovered = false
    let held = false
    const schedule = () => {
      clearTimeout(timer)
      if (!hovered && !held && !document.hidden) timer = setTimeout(next, delay)
    }
    const onEnter = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return
      hovered = true
      schedule()
    }
    const onLeave = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return
      hovered = false
      schedule()
    }
    const onDown = () => {
      held = true
      schedule()
    }
    const onUp = () => {
      held = false
      schedule()
    }
    region.addEventListener('pointerenter', onEnter)
    region.addEventListener('pointerleave', onLeave)
    document.addEventListener('visibilitychange', schedule)
    api.on('select', schedule).on('pointerDown', onDown).on('pointerUp', onUp)
    schedule()
    return () => {
      clearTimeout(timer)
      region.removeEventListener('pointerenter', onEnter)
      region.removeEventListener('pointerleave', onLeave)
      document.removeEventListener('visibilitychange', schedule)
      api.off('select', schedule).off('pointerDown', onDown).off('pointerUp', onUp)
    }
  }, [api, region, delay, next])
}

/**
 * The shared carousel (embla, loaded on approach): swipe and drag, arrows, optional dots and
 * autoplay. Each child is a slide. Moving by arrows scrolls a page of slides at a time.
 */
export function Slider({
  children,
  label,
  layout = PRODUCT_SLIDER_LAYOUT,
  autoplay,
  transitionMs,
  loop = false,
  arrows = true,
  dots = false,
  className = '',
  name,
}: SliderProps) {
  const [region, setRegion] = useState<HTMLDivElement | null>(null)
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null)
  const api = useLazyEmbla(viewport, loop)
  // Spec: a slide picture that fails to load is marked failed (a placeholder, never a broken image).
  useFailedImages(viewport)
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

  const glide = useMemo(() => (api && transitionMs ? fixedLengthGlide(api, transitionMs) : null), [api, transitionMs])
  useEffect(() => {
    if (!api || !glide) return
    // A finger takes the track where it is; on release the glide to embla's chosen slide is ours.
    api.on('pointerDown', glide.cancel).on('pointerUp', glide.take).on('reInit', glide.cancel)
    return () => {
      glide.cancel()
      api.off('pointerDown', glide.cancel).off('pointerUp', glide.take).off('reInit', glide.cancel)
    }
  }, [api, glide])

  /** Arrows, dots and autoplay: embla picks the slide, then the fixed-length glide (if any) goes there. */
  const go = useCallback(
    (move: (carousel: EmblaCarouselType) => void) => {
      if (!api) return
      move(api)
      glide?.take()
    },
    [api, glide],
  )
  const next = useCallback(() => go((c) => c.scrollNext()), [go])
  useAutoplay(api, region, autoplay, next)

  const cls = layoutClass(layout)
  const slides = Children.toArray(children)

  return (
    <div
      ref={setRegion}
      className={`${cls} relative ${className}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-slider={name}
    >
      <style href={cls} precedence="default">
        {layoutCss(layout)}
      </style>
      {/* Relative, so that absolutely placed bits inside slides (screen-reader texts) are clipped too,
          also before embla's transform on the track would make it their containing block. */}
      <div ref={setViewport} className="relative overflow-hidden">
        {/* Short classes (globals.css): the same style attribute on every slide was ~150 bytes each (ADR 213). */}
        <div className="vs-track">
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} из ${slides.length}`}
              data-slide=""
              className="vs-slide"
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
            onClick={() => go((c) => c.scrollPrev())}
            className="absolute top-1/2 left-0 z-10 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full border border-line bg-white text-ink-900 shadow-md transition hover:text-brand-600 disabled:opacity-0 sm:-translate-x-1/2"
          >
            <ChevronIcon direction="left" size={20} />
          </button>
          <button
            type="button"
            aria-label="Вперёд"
            data-slider-next=""
            disabled={!canNext}
            onClick={next}
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
              onClick={() => go((c) => c.scrollTo(i))}
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
