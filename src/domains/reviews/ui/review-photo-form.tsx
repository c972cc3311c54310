'use client'

import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useCaptcha } from '@/domains/captcha/ui/use-captcha'
import { postForm } from '@/lib/ajax-client'
import { CloseIcon } from '@/ui/icons'
import { checkPhotoReview, MAX_PHOTO_BYTES, MAX_PHOTOS, REVIEW_MESSAGES as M } from '../reviews'
import { StarInput } from './stars'

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp'
/** The spec's timings: thank-you for 3 s, failure for 2 s. */
const SUCCESS_MS = 3000
const FAILURE_MS = 2000

interface Photo {
  file: File
  url: string
}

/** The photo review form (the old widget's form, now ours): POST /ajax/add-review-to-aplaut/ multipart. */
export function ReviewPhotoForm({
  productId,
  productName,
  offerId,
  defaults,
  onDone,
}: {
  productId: number
  productName: string
  offerId?: number
  defaults: { name: string; email: string }
  onDone?: () => void
}) {
  const [rating, setRating] = useState(0)
  const [text, setText] = useState('')
  const [name, setName] = useState(defaults.name)
  const [email, setEmail] = useState(defaults.email)
  const [photos, setPhotos] = useState<Photo[]>([])
  const [error, setError] = useState<string | null>(null)
  const [state, setState] = useState<'idle' | 'sending' | 'success' | 'failure'>('idle')
  const fileInput = useRef<HTMLInputElement>(null)
  const { captcha, token, warm } = useCaptcha()

  useEffect(() => () => photos.forEach((p) => URL.revokeObjectURL(p.url)), [photos])

  function addFiles(list: FileList | null) {
    if (!list) return
    const picked = [...list].filter((f) => ACCEPT.split(',').includes(f.type) && f.size <= MAX_PHOTO_BYTES)
    if (picked.length < list.length) setError(M.photoType)
    else setError(null)
    setPhotos((current) => {
      const next = [...current, ...picked.map((file) => ({ file, url: URL.createObjectURL(file) }))]
      if (next.length > MAX_PHOTOS) setError(M.photoCount)
      return next.slice(0, MAX_PHOTOS)
    })
    if (fileInput.current) fileInput.current.value = ''
  }

  function removePhoto(index: number) {
    setPhotos((current) => current.filter((_, i) => i !== index))
  }

  function reset() {
    setRating(0)
    setText('')
    setPhotos([])
    setError(null)
    setState('idle')
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = checkPhotoReview({ rating, text, name, email })
    setError(problem)
    if (problem || state === 'sending') return
    setState('sending')
    try {
      const fields: Record<string, string | number | File> = {
        RATING: rating,
        IMPRESSIONS: text,
        NAME: name,
        EMAIL: email,
        USER_ID: '',
        PRODUCT_ID: productId,
        PRODUCT_NAME: productName,
        OFFER_ID: offerId ?? '',
        RecapToken: await token(),
      }
      photos.forEach((p, i) => (fields[`FILES[${i}]`] = p.file))
      await postForm('/ajax/add-review-to-aplaut/', fields)
      setState('success')
      window.setTimeout(() => {
        reset()
        onDone?.()
      }, SUCCESS_MS)
    } catch {
      setState('failure')
      window.setTimeout(() => setState('idle'), FAILURE_MS)
    }
  }

  if (state === 'success') {
    return (
      <p role="status" className="rounded-xl bg-brand-50 p-4 font-semibold text-brand-700">
        {M.widgetSuccess}
      </p>
    )
  }

  return (
    <form onSubmit={submit} onFocus={warm} noValidate className="space-y-3 rounded-2xl border border-line p-4" aria-label="Отзыв с фотографиями">
      <div>
        <p className="mb-1 text-sm font-semibold">Ваша оценка</p>
        <StarInput name="RATING" value={rating} onChange={setRating} label="Ваша оценка" />
      </div>
      <label className="block">
        <span className="mb-1 block text-sm font-semibold">Впечатления</span>
        <textarea
          name="IMPRESSIONS"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={4}
          maxLength={5000}
          className="w-full rounded-lg border border-line p-2"
        />
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block">
          <span className="mb-1 block text-sm font-semibold">Имя</span>
          <input name="NAME" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="name" className="w-full rounded-lg border border-line p-2" />
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-semibold">E-mail</span>
          <input name="EMAIL" type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={200} autoComplete="email" className="w-full rounded-lg border border-line p-2" />
        </label>
      </div>
      <div>
        <div className="flex flex-wrap gap-2" aria-label="Фотографии">
          {photos.map((p, i) => (
            <div key={p.url} className="relative h-20 w-20 overflow-hidden rounded-lg border border-line">
              <img src={p.url} alt={`Фото ${i + 1}`} className="h-full w-full object-cover" />
              <button
                type="button"
                onClick={() => removePhoto(i)}
                aria-label={`Удалить фото ${i + 1}`}
                className="absolute right-0.5 top-0.5 rounded-full bg-white/90 p-0.5 shadow"
              >
                <CloseIcon size={14} />
              </button>
            </div>
          ))}
        </div>
        {photos.length < MAX_PHOTOS && (
          <label className="mt-2 inline-flex cursor-pointer items-center gap-2 rounded-lg border border-dashed border-ink-400 px-3 py-2 text-sm text-ink-600 hover:border-brand-500">
            <input ref={fileInput} type="file" name="FILES" accept={ACCEPT} multiple className="sr-only" onChange={(e) => addFiles(e.target.files)} />
            Добавить фото (до {MAX_PHOTOS}, JPG, PNG, GIF, WebP)
          </label>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-sale-500">
          {error}
        </p>
      )}
      {state === 'failure' && (
        <p role="alert" className="text-sm text-sale-500">
          {M.widgetFailure}
        </p>
      )}
      {captcha}
      <button
        type="submit"
        disabled={state === 'sending'}
        className="rounded-full bg-brand-500 px-6 py-2.5 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
      >
        {state === 'sending' ? 'Отправляем…' : 'Отправить отзыв'}
      </button>
    </form>
  )
}
