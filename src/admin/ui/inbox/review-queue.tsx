'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { AdminApiError, adminFetch } from '../api-client'
import { ui } from '../styles'

/** A review as the queue shows it, dates formatted on the server. */
export interface QueueReview {
  id: number
  productId: number
  productName: string
  authorName: string
  email: string
  source: string
  rating: number
  text: string
  date: string
  status: 'pending' | 'approved' | 'rejected'
  photos: { url: string; width: number; height: number }[]
}

/**
 * The moderation queue: publish or reject through POST /api/admin/reviews/{id}/moderation; a handled
 * review keeps its place with the answer, so the next one does not jump under the pointer.
 */
export function ReviewQueue({ items, canWrite }: { items: QueueReview[]; canWrite: boolean }) {
  const router = useRouter()
  const [done, setDone] = useState<Record<number, string>>({})
  const [busy, setBusy] = useState<number | null>(null)
  // The refreshed list no longer holds a handled review; it stays where it was, with its answer,
  // until the page is opened again (React's "adjust state when a prop changes" pattern).
  const [shown, setShown] = useState(items)
  const [lastItems, setLastItems] = useState(items)
  if (items !== lastItems) {
    setLastItems(items)
    const fresh = new Set(items.map((r) => r.id))
    const kept = shown.filter((r) => fresh.has(r.id) || done[r.id] !== undefined)
    const keptIds = new Set(kept.map((r) => r.id))
    setShown([...kept.map((r) => items.find((i) => i.id === r.id) ?? r), ...items.filter((r) => !keptIds.has(r.id))])
  }

  async function act(id: number, action: 'approve' | 'reject') {
    setBusy(id)
    try {
      const answer = await adminFetch<{ message: string }>('POST', `/api/admin/reviews/${id}/moderation/`, { action })
      setDone((d) => ({ ...d, [id]: answer.message }))
      // The tabs' waiting counts.
      router.refresh()
    } catch (e) {
      setDone((d) => ({ ...d, [id]: e instanceof AdminApiError ? e.message : 'Не получилось. Попробуйте ещё раз.' }))
    } finally {
      setBusy(null)
    }
  }

  if (shown.length === 0) return <p className="text-sm text-ink-600">Отзывов нет.</p>
  return (
    <ul className="space-y-3">
      {shown.map((r) => (
        <li key={r.id} className={`${ui.card} p-4`} data-testid="moderation-item">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-semibold">{r.productName}</span>
            <span className="text-amber-500" role="img" aria-label={`Оценка ${r.rating} из 5`}>
              {'★'.repeat(r.rating)}
              <span className="text-ink-400">{'★'.repeat(5 - r.rating)}</span>
            </span>
            <span className="text-ink-600">{r.date}</span>
            <span className="text-ink-600">
              {r.authorName}
              {r.email ? `, ${r.email}` : ''} · {r.source === 'widget' ? 'форма с фото' : r.source === 'seed' ? 'импорт' : 'форма покупателя'}
            </span>
          </div>
          <p className="mt-2 whitespace-pre-line break-words text-sm">{r.text}</p>
          {r.photos.length > 0 ? (
            <div className="mt-2 flex flex-wrap gap-2">
              {r.photos.map((p, i) => (
                <a key={p.url} href={p.url} target="_blank" rel="noreferrer">
                  <img src={p.url} alt={`Фото ${i + 1}`} width={96} height={96} className="h-24 w-24 rounded-md object-cover" />
                </a>
              ))}
            </div>
          ) : null}
          {done[r.id] ? (
            <p role="status" className="mt-3 text-sm font-semibold text-brand-700">
              {done[r.id]}
            </p>
          ) : canWrite ? (
            <div className="mt-3 flex gap-2">
              {r.status !== 'approved' ? (
                <button type="button" className={ui.button} disabled={busy === r.id} onClick={() => act(r.id, 'approve')}>
                  Опубликовать
                </button>
              ) : null}
              {r.status !== 'rejected' ? (
                <button type="button" className={ui.buttonDanger} disabled={busy === r.id} onClick={() => act(r.id, 'reject')}>
                  {r.status === 'approved' ? 'Снять с публикации' : 'Отклонить'}
                </button>
              ) : null}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
