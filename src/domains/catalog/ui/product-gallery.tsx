'use client'

import dynamic from 'next/dynamic'
import { Link } from '@/ui/link'
import { useState } from 'react'
import { FavoriteButton } from '@/domains/favorites/ui/favorite-button'
import { useFailedImages } from '@/ui/failed-images'
import { ChevronIcon } from '@/ui/icons'
import { IMPORT_SECTION_CODE } from '../catalog'
import { wrapIndex } from '../gallery'
import type { ViewerSlide } from './image-viewer'
import { ImportLogo } from './import-logo'

// The viewer's code loads on the first click, not with the page.
const ImageViewer = dynamic(() => import('./image-viewer').then((m) => m.ImageViewer), { ssr: false })

const VISIBLE_THUMBS = 5

/**
 * The spec's gallery result: slides, import flag, favourite data, badges (icon, name), isDrug and the
 * brand link (link, text, nofollow).
 */
export interface GalleryProps {
  productId: number
  slides: ViewerSlide[]
  /** The active offer's picture: the main slider turns to it when the offer changes. */
  focusSrc?: string
  badges: { code: string; name: string; icon: string }[]
  discountPercent: number
  isDrug: boolean
  isImportReplace: boolean
  brand: { link: string; text: string; nofollow: boolean } | null
}

export function ProductGallery({ productId, slides, focusSrc, badges, discountPercent, isDrug, isImportReplace, brand }: GalleryProps) {
  // Opens on the active offer's own picture when it has one (ADR 205), else on the first slide.
  const [index, setIndex] = useState(() => Math.max(0, slides.findIndex((s) => s.card !== undefined && s.card === focusSrc)))
  const [viewer, setViewer] = useState(false)
  const [thumbStart, setThumbStart] = useState(0)
  // The spec's main fading slider: a picture that fails is marked failed and shows a placeholder.
  const [root, setRoot] = useState<HTMLDivElement | null>(null)
  useFailedImages(root)
  // Follow the active offer's picture (state from props, without an effect).
  const [lastFocus, setLastFocus] = useState(focusSrc)
  if (focusSrc !== lastFocus) {
    setLastFocus(focusSrc)
    // An offer's picture is its card size; an uploaded slide knows that address (ADR 205).
    const at = slides.findIndex((s) => s.src === focusSrc || s.card === focusSrc)
    if (at >= 0) setIndex(at)
  }
  const show = (i: number) => {
    const at = wrapIndex(i, slides.length)
    setIndex(at)
    if (at < thumbStart) setThumbStart(at)
    else if (at >= thumbStart + VISIBLE_THUMBS) setThumbStart(at - VISIBLE_THUMBS + 1)
  }

  return (
    <div ref={setRoot} className="flex gap-3" data-product-gallery>
      {slides.length > 1 && (
        <div className="hidden w-20 shrink-0 flex-col items-center gap-2 sm:flex sm:h-[440px] lg:h-[530px]" data-gallery-thumbs>
          <button type="button" aria-label="Выше" disabled={thumbStart === 0} onClick={() => setThumbStart((s) => Math.max(0, s - 1))} className="rounded p-1 disabled:opacity-30">
            <ChevronIcon direction="up" size={18} />
          </button>
          <ul className="flex flex-1 flex-col gap-2 overflow-hidden">
            {slides.slice(thumbStart, thumbStart + VISIBLE_THUMBS).map((s, i) => {
              const at = thumbStart + i
              return (
                <li key={s.id}>
                  <button
                    type="button"
                    aria-label={`Показать изображение ${at + 1}`}
                    aria-current={at === index ? 'true' : undefined}
                    onClick={() => show(at)}
                    className={`block h-[72px] w-[72px] overflow-hidden rounded-lg border-2 bg-surface lg:h-[84px] lg:w-[84px] ${at === index ? 'border-brand-500' : 'border-line'}`}
                  >
                    <img src={s.thumb ?? s.src} alt="" className="h-full w-full object-contain" />
                  </button>
                </li>
              )
            })}
          </ul>
          <button
            type="button"
            aria-label="Ниже"
            disabled={thumbStart + VISIBLE_THUMBS >= slides.length}
            onClick={() => setThumbStart((s) => Math.min(slides.length - VISIBLE_THUMBS, s + 1))}
            className="rounded p-1 disabled:opacity-30"
          >
            <ChevronIcon direction="down" size={18} />
          </button>
        </div>
      )}
      <div className="relative min-w-0 flex-1">
        <div className="relative aspect-square overflow-hidden rounded-2xl bg-surface sm:aspect-auto sm:h-[440px] lg:h-[530px]" data-gallery-main>
          {slides.map((s, i) => (
            <button
              key={s.id}
              type="button"
              aria-label={`Открыть изображение ${i + 1} на весь экран`}
              aria-hidden={i !== index}
              tabIndex={i === index ? 0 : -1}
              onClick={() => setViewer(true)}
              className={`absolute inset-0 flex cursor-zoom-in items-center justify-center transition-opacity duration-500 ${i === index ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
              data-gallery-slide={i}
            >
              <img src={s.src} srcSet={s.srcset || undefined} sizes={s.srcset ? '(min-width: 1024px) 530px, (min-width: 640px) 440px, 100vw' : undefined} alt={s.alt} className="max-h-full max-w-full object-contain" loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
              />
            </button>
          ))}
        </div>
        <div className="pointer-events-none absolute left-3 top-3 flex flex-col items-start gap-1.5">
          {discountPercent > 0 && <span className="rounded-md bg-sale-500 px-2 py-0.5 text-sm font-semibold text-white">−{discountPercent}%</span>}
          {badges.map((b) => (
            <span key={b.code} className="inline-flex items-center gap-1 rounded-md bg-white/90 px-2 py-0.5 text-xs font-semibold text-ink-900 ring-1 ring-line" data-badge={b.code}>
              {b.icon ? <img src={b.icon} alt="" className="h-4 w-4" /> : <span aria-hidden="true" className="h-2 w-2 rounded-full bg-brand-500" />}
              {b.name}
            </span>
          ))}
          {isDrug && <span className="rounded-md bg-ink-900 px-2 py-0.5 text-xs font-semibold text-white">Лекарственное средство</span>}
        </div>
        <FavoriteButton productId={productId} className="absolute right-3 top-3" />
        <div className="absolute bottom-3 left-3 right-3 flex flex-wrap items-end justify-between gap-2">
          {isImportReplace ? (
            <Link href={`/catalog/${IMPORT_SECTION_CODE}/`} className="rounded-md bg-white/90 px-2 py-1 text-xs font-semibold uppercase text-brand-700 ring-1 ring-brand-100" data-import-flag>
              <ImportLogo />
            </Link>
          ) : (
            <span />
          )}
          {brand && (
            <Link href={brand.link} rel={brand.nofollow ? 'nofollow' : undefined} className="rounded-md bg-white/90 px-2 py-1 text-xs font-semibold text-ink-900 ring-1 ring-line hover:text-brand-700" data-brand-link>
              {brand.text}
            </Link>
          )}
        </div>
        {slides.length > 1 && (
          <div className="mt-1 flex justify-center sm:hidden">
            {/* The dot is drawn small; the button around it is a 24 px touch target (WCAG 2.5.8). */}
            {slides.map((s, i) => (
              <button key={s.id} type="button" aria-label={`Изображение ${i + 1}`} onClick={() => show(i)} className="flex h-6 min-w-6 items-center justify-center px-0.5">
                <span className={`h-2 rounded-full ${i === index ? 'w-5 bg-brand-500' : 'w-2 bg-line'}`} />
              </button>
            ))}
          </div>
        )}
      </div>
      {viewer && <ImageViewer slides={slides} index={index} onIndex={show} onClose={() => setViewer(false)} />}
    </div>
  )
}
