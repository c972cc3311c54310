'use client'

import { useEffect, useRef, useState } from 'react'
import { useFailedImages } from '@/ui/failed-images'
import { ChevronIcon, CloseIcon } from '@/ui/icons'
import { swipeDirection, thumbsPerPage, wrapIndex } from '../gallery'

export interface ViewerSlide {
  id: number
  src: string
  /** A smaller file for the thumbnail strip; src when there is none. */
  thumb?: string | undefined
  /** Every stored size of an uploaded picture (ADR 205). */
  srcset?: string | undefined
  /** The card-size address: what an offer's picture is, so the gallery can turn to it. */
  card?: string | undefined
  alt: string
}

/**
 * Full-screen viewer: close button, backdrop click and Escape close it; arrows, arrow keys and a swipe
 * over 50 px move with wrap-around; a thumbnail strip pages by 7 (5 under 768 px); page scroll is
 * locked while it is open.
 */
export function ImageViewer({ slides, index, onIndex, onClose }: { slides: ViewerSlide[]; index: number; onIndex: (i: number) => void; onClose: () => void }) {
  const start = useRef<{ x: number; y: number } | null>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const [perPage, setPerPage] = useState(7)
  const [root, setRoot] = useState<HTMLDivElement | null>(null)
  useFailedImages(root)
  const go = (delta: number) => onIndex(wrapIndex(index + delta, slides.length))

  useEffect(() => {
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    closeRef.current?.focus()
    const measure = () => setPerPage(thumbsPerPage(window.innerWidth))
    measure()
    window.addEventListener('resize', measure)
    return () => {
      document.body.style.overflow = previous
      window.removeEventListener('resize', measure)
    }
  }, [])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
      else if (e.key === 'ArrowRight') onIndex(wrapIndex(index + 1, slides.length))
      else if (e.key === 'ArrowLeft') onIndex(wrapIndex(index - 1, slides.length))
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [index, slides.length, onIndex, onClose])

  const slide = slides[index]
  const page = Math.floor(index / perPage)
  const thumbs = slides.slice(page * perPage, page * perPage + perPage)

  return (
    <div
      ref={setRoot}
      role="dialog"
      aria-modal="true"
      aria-label="Просмотр изображений"
      className="fixed inset-0 z-[60] flex flex-col bg-black/90 text-white"
      data-image-viewer
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="flex items-center justify-between px-4 py-3 text-sm">
        <span data-viewer-counter>
          {index + 1} / {slides.length}
        </span>
        <button ref={closeRef} type="button" aria-label="Закрыть" onClick={onClose} className="rounded-full p-2 hover:bg-white/10" data-viewer-close>
          <CloseIcon />
        </button>
      </div>
      <div
        className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-12"
        onClick={(e) => e.target === e.currentTarget && onClose()}
        onPointerDown={(e) => {
          start.current = { x: e.clientX, y: e.clientY }
        }}
        onPointerUp={(e) => {
          if (!start.current) return
          const dir = swipeDirection(e.clientX - start.current.x, e.clientY - start.current.y)
          start.current = null
          if (dir) go(dir)
        }}
        data-viewer-stage
      >
        {slide && (
          <img src={slide.src} alt={slide.alt} draggable={false} className="max-h-full max-w-full select-none object-contain" data-viewer-image={slide.id} />
        )}
        {slides.length > 1 && (
          <>
            <button type="button" aria-label="Предыдущее изображение" onClick={() => go(-1)} className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/10 p-2 hover:bg-white/20" data-viewer-prev>
              <ChevronIcon direction="left" />
            </button>
            <button type="button" aria-label="Следующее изображение" onClick={() => go(1)} className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/10 p-2 hover:bg-white/20" data-viewer-next>
              <ChevronIcon direction="right" />
            </button>
          </>
        )}
      </div>
      {slides.length > 1 && (
        <ul className="flex justify-center gap-2 overflow-hidden px-4 py-3" data-viewer-thumbs>
          {thumbs.map((t, i) => {
            const at = page * perPage + i
            return (
              <li key={t.id}>
                <button
                  type="button"
                  aria-label={`Изображение ${at + 1}`}
                  aria-current={at === index ? 'true' : undefined}
                  onClick={() => onIndex(at)}
                  className={`h-14 w-14 overflow-hidden rounded-lg border-2 bg-white ${at === index ? 'border-brand-500' : 'border-transparent opacity-70'}`}
                >
                  <img src={t.thumb ?? t.src} alt="" className="h-full w-full object-contain" />
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
