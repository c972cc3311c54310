'use client'

import { useState } from 'react'
import { videoSource } from '../meal-plan-video'

/**
 * A poster with a play button; a click plays the local file the data names, or a YouTube, Rutube or
 * VK Video page in its host's embed player (ADR 209; nothing of the host loads before the click), else
 * a placeholder says the video is being prepared (ADR 081). An address of any other host is treated
 * as none (and the CSP's frame-src would not let it in either).
 */
export function VideoPoster({
  poster,
  title,
  src,
  active,
  onPlay,
  posterSrcset = '',
  posterSizes,
}: {
  poster: string
  title: string
  /** A library poster's stored sizes (ADR 207, second addendum); '' for a typed address. */
  posterSrcset?: string
  posterSizes?: string
  src: string
  /** Controlled: only one video on the page plays at a time. */
  active?: boolean
  onPlay?: () => void
}) {
  const [own, setOwn] = useState(false)
  const playing = active ?? own
  if (playing) {
    // A product landing's block names a file of the site as before (ADR 081), whatever its extension.
    const source = videoSource(src) ?? (src.startsWith('/') && !src.startsWith('//') ? { kind: 'file', src } : { kind: 'none' })
    if (source.kind === 'embed')
      return (
        <iframe
          src={source.src}
          title={title}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="aspect-video w-full rounded-2xl bg-black"
          data-video-playing
          data-video-host={source.host}
        />
      )
    return source.kind === 'file' ? (
      <video src={source.src} poster={poster} controls autoPlay className="aspect-video w-full rounded-2xl bg-black" data-video-playing />
    ) : (
      <div className="flex aspect-video w-full flex-col items-center justify-center rounded-2xl bg-ink-900 p-6 text-center text-white" data-video-playing>
        <p className="text-lg font-semibold">{title}</p>
        <p className="mt-2 text-sm text-white/70">Видео готовится к публикации</p>
      </div>
    )
  }
  return (
    <button
      type="button"
      onClick={() => (onPlay ? onPlay() : setOwn(true))}
      className="group relative block w-full overflow-hidden rounded-2xl"
      aria-label={`Смотреть видео: ${title}`}
    >
      <img
        src={poster}
        srcSet={posterSrcset || undefined}
        sizes={posterSrcset ? posterSizes : undefined}
        alt=""
        className="aspect-video w-full object-cover transition group-hover:scale-[1.02]"
      />
    </button>
  )
}
