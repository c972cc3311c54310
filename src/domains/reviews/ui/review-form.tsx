'use client'

import { useState, type FormEvent } from 'react'
import { useCaptcha } from '@/domains/captcha/ui/use-captcha'
import { postForm } from '@/lib/ajax-client'
import { REVIEW_MESSAGES as M } from '../reviews'
import { StarInput } from './stars'

/** The native form of signed-in buyers: POST /ajax/reviews/ (MESSAGE, RATING, PRODUCT_ID, USER_ID). */
export function ReviewForm({ productId, authorName }: { productId: number; authorName: string }) {
  const [rating, setRating] = useState(0)
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const { captcha, token, warm } = useCaptcha()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = rating < 1 ? M.nativeRating : !message.trim() ? M.nativeText : null
    setError(problem)
    if (problem || state !== 'idle') return
    setState('sending')
    try {
      await postForm('/ajax/reviews/', { MESSAGE: message, RATING: rating, PRODUCT_ID: productId, USER_ID: '', RecapToken: await token() })
      setState('sent')
    } catch {
      // The spec ignores failures of this form; the buyer may simply try again.
      setState('idle')
    }
  }

  if (state === 'sent') {
    return (
      <p role="status" className="rounded-xl bg-brand-50 p-4 font-semibold text-brand-700">
        {M.nativeSuccess}
      </p>
    )
  }
  return (
    <form onSubmit={submit} onFocus={warm} noValidate className="space-y-3 rounded-2xl border border-line p-4" aria-label="Ваш отзыв">
      <p className="text-sm text-ink-600">
        Отзыв от имени <b className="text-ink-900">{authorName}</b>
      </p>
      <StarInput name="RATING" value={rating} onChange={setRating} label="Ваша оценка" />
      <label className="block">
        <span className="mb-1 block text-sm font-semibold">Текст отзыва</span>
        <textarea name="MESSAGE" value={message} onChange={(e) => setMessage(e.target.value)} rows={4} maxLength={5000} className="w-full rounded-lg border border-line p-2" />
      </label>
      {error && (
        <p role="alert" className="text-sm text-sale-500">
          {error}
        </p>
      )}
      {captcha}
      <button type="submit" disabled={state === 'sending'} className="rounded-full bg-brand-500 px-6 py-2.5 font-semibold text-white hover:bg-brand-600 disabled:opacity-60">
        {state === 'sending' ? 'Отправляем…' : 'Отправить'}
      </button>
    </form>
  )
}
