'use client'

import { useState } from 'react'

/**
 * The shop ships no external video: a poster with a play button; the local file plays when the data
 * names one, else a placeholder says the video is being prepared (ADR 081).
 */
export function VideoPoster({
  poster,
  title,
  src,
  active,
  onPlay,
}: {
  poster: string
  title: string
  src: string
  /** Controlled: only one video on the page plays at a time. */
  active?: boolean
  onPlay?: () => void
}) {
  const [own, setOwn] = useState(false)
  const playing = active ?? own
  if (playing) {
    return src ? (
      <video src={src} poster={poster} controls autoPlay className="aspect-video w-full rounded-2xl bg-black" data-video-playing />
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
      <img src={poster} alt="" className="aspect-video w-full object-cover transition group-hover:scale-[1.02]" />
    </button>
  )
}
