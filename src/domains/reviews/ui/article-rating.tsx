'use client'

import { useState, useSyncExternalStore } from 'react'
import { ratingCookieName } from '@/domains/forms/forms'
import { postForm } from '@/lib/ajax-client'
import { StarInput } from './stars'

/** The cookie changes only through our own POST answer, which re-renders anyway. */
const noSubscription = () => () => undefined

function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null
}

/**
 * The article's 0–5 stars. A per-article cookie keeps the visitor's mark: when it exists, that mark is
 * shown and nothing is sent again; otherwise a click sends POST /ajax/set_rating/ and the server
 * (which also counts one mark per visitor) sets the cookie.
 */
export function ArticleRating({ articleId, title = 'Оцените статью' }: { articleId: string; title?: string }) {
  const cookie = ratingCookieName(articleId)
  const stored = useSyncExternalStore(
    noSubscription,
    () => {
      const v = readCookie(cookie)
      return v !== null && /^[0-5]$/.test(v) ? Number(v) : null
    },
    () => null,
  )
  const [picked, setPicked] = useState(0)
  const [sending, setSending] = useState(false)
  const [thanks, setThanks] = useState(false)
  const locked = stored !== null || sending || thanks
  const value = stored ?? picked

  async function rate(mark: number) {
    if (locked) return
    setPicked(mark)
    setSending(true)
    try {
      const answer = await postForm<{ rating: number }>('/ajax/set_rating/', { articleId, rating: mark })
      setPicked(answer.rating)
      setThanks(true)
    } catch {
      // The spec only logs rating failures; let the reader try again.
      setPicked(0)
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="article-rating" data-rated={locked ? 'Y' : 'N'}>
      <span className="font-semibold">{title}</span>
      <StarInput name={`rating-${articleId}`} value={value} onChange={rate} label={title} disabled={locked} size={24} />
      {thanks && (
        <span role="status" className="text-sm text-brand-700">
          Спасибо за оценку!
        </span>
      )}
    </div>
  )
}
