'use client'

import { useState } from 'react'
import { AjaxCallError, postForm } from '@/lib/ajax-client'
import { Stars } from './stars'

export interface ModerationItem {
  id: number
  productId: number
  productName: string
  authorName: string
  email: string
  source: string
  rating: number
  text: string
  date: string
  photos: { url: string; width: number; height: number }[]
}

/** Pending reviews with approve and reject; a handled review leaves the list with a note. */
export function ModerationList({ items }: { items: ModerationItem[] }) {
  const [done, setDone] = useState<Record<number, string>>({})
  const [busy, setBusy] = useState<number | null>(null)

  async function act(id: number, action: 'approve' | 'reject') {
    setBusy(id)
    try {
      const answer = await postForm<{ message: string }>('/manager/reviews/moderate/', { id, action })
      setDone((d) => ({ ...d, [id]: answer.message }))
    } catch (e) {
      setDone((d) => ({ ...d, [id]: e instanceof AjaxCallError ? e.message : 'Ошибка, попробуйте ещё раз.' }))
    } finally {
      setBusy(null)
    }
  }

  if (items.length === 0) return <p className="text-ink-600">Новых отзывов нет.</p>
  return (
    <ul className="space-y-4">
      {items.map((r) => (
        <li key={r.id} className="rounded-2xl border border-line p-4" data-testid="moderation-item">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <a href={`/ajax/reviews/?PRODUCT_ID=${r.productId}`} className="font-semibold text-brand-700">
              {r.productName}
            </a>
            <Stars value={r.rating} />
            <span className="text-ink-400">{r.date}</span>
            <span className="text-ink-400">
              {r.authorName}
              {r.email ? `, ${r.email}` : ''} · {r.source === 'widget' ? 'форма с фото' : 'форма покупателя'}
            </span>
          </div>
          <p className="mt-2 whitespace-pre-line break-words">{r.text}</p>
          {r.photos.length > 0 && (
            <div className="mt-2 flex flex-wrap gap-2">
              {r.photos.map((p, i) => (
                <img key={p.url} src={p.url} alt={`Фото ${i + 1}`} width={96} height={96} className="h-24 w-24 rounded-lg object-cover" />
              ))}
            </div>
          )}
          {done[r.id] ? (
            <p role="status" className="mt-3 font-semibold text-brand-700">
              {done[r.id]}
            </p>
          ) : (
            <div className="mt-3 flex gap-2">
              <button type="button" disabled={busy === r.id} onClick={() => act(r.id, 'approve')} className="rounded-full bg-brand-500 px-4 py-1.5 font-semibold text-white disabled:opacity-60">
                Опубликовать
              </button>
              <button type="button" disabled={busy === r.id} onClick={() => act(r.id, 'reject')} className="rounded-full border border-sale-500 px-4 py-1.5 font-semibold text-sale-500 disabled:opacity-60">
                Отклонить
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}
