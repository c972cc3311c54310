'use client'

import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { inOwnTask } from '@/lib/own-task'
import { HydrateLater } from '@/ui/hydrate-later'
import { Modal } from '@/ui/modal'
import { REVIEW_MESSAGES as M, reviewsCountLabel, type PublicReview, type ReviewSort } from '../reviews'
import { RatingSummary } from './rating-summary'
import { Stars } from './stars'

// Only signed-in buyers who ask for a form see one, so the forms stay out of the product page's first load.
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })))
const ReviewPhotoForm = lazy(() => import('./review-photo-form').then((m) => ({ default: m.ReviewPhotoForm })))

export { reviewsCountLabel }

export interface ReviewsState {
  items: PublicReview[]
  total: number
  average: number
  ratesCount: number
  hasMore: boolean
  viewer?: { signedIn: boolean; name: string; email: string }
}

const noSubscription = () => () => undefined

async function fetchPage(productId: number, sort: ReviewSort, offset: number): Promise<ReviewsState> {
  const res = await fetch(`/ajax/reviews/?PRODUCT_ID=${productId}&sort=${sort}&offset=${offset}`, { credentials: 'same-origin' })
  if (!res.ok) throw new Error(`reviews ${res.status}`)
  return (await res.json()) as ReviewsState
}

/** Where a guest is sent to sign in, and brought back to the reviews tab afterwards. */
export function authLinks(pathname: string) {
  const q = `RETURN-TO-COMMENT=Y&BACK_URL=${encodeURIComponent(`${pathname}#reviews`)}`
  return { register: `/auth/register/?${q}`, login: `/personal/?${q}` }
}

/**
 * The reviews tab of the product page: rating summary, sort, the list (10 at first, 10 more per click),
 * the forms for signed-in buyers and the sign-in prompt for guests. `initial` (from the server) puts
 * the first page into the HTML; without it the list is fetched on mount.
 */
export function ProductReviews(props: ReviewsProps) {
  // In a tab below the fold: hydrated after the rest of the product page (ADR 217).
  return (
    <HydrateLater>
      <Reviews {...props} />
    </HydrateLater>
  )
}

interface ReviewsProps {
  productId: number
  productName: string
  offerId?: number
  initial?: ReviewsState
}

function Reviews({ productId, productName, offerId, initial }: ReviewsProps) {
  const [sort, setSort] = useState<ReviewSort>('new')
  const [data, setData] = useState<ReviewsState | null>(initial ?? null)
  const [viewer, setViewer] = useState<ReviewsState['viewer']>(initial?.viewer)
  const [loadingMore, setLoadingMore] = useState(false)
  const [form, setForm] = useState<'none' | 'native' | 'photo'>('none')
  const [prompt, setPrompt] = useState(false)
  const path = useSyncExternalStore(noSubscription, () => window.location.pathname, () => '')

  useEffect(() => {
    let alive = true
    inOwnTask(() => fetchPage(productId, sort, 0))
      .then((page) => {
        if (!alive) return
        setData(page)
        setViewer(page.viewer)
      })
      .catch(() => alive && setData((d) => d ?? { items: [], total: 0, average: 0, ratesCount: 0, hasMore: false }))
    return () => {
      alive = false
    }
  }, [productId, sort])

  async function showMore() {
    if (!data) return
    setLoadingMore(true)
    try {
      const page = await fetchPage(productId, sort, data.items.length)
      setData({ ...page, items: [...data.items, ...page.items] })
    } finally {
      setLoadingMore(false)
    }
  }

  const signedIn = viewer?.signedIn === true
  const empty = data !== null && data.total === 0
  // The spec: the form shows by itself to a signed-in buyer when there are no reviews yet.
  const formShown = signedIn && (form !== 'none' || empty)
  const links = authLinks(path || '/')

  // Until the browser knows who is looking (the page HTML is the same for all), the buttons wait.
  function leaveReview(kind: 'native' | 'photo') {
    if (!signedIn) setPrompt(true)
    else setForm((f) => (f === kind ? 'none' : kind))
  }

  return (
    <section aria-labelledby="reviews-title" className="space-y-5" data-testid="product-reviews">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="reviews-title" className="text-xl font-bold">
          Отзывы{data ? ` · ${reviewsCountLabel(data.total)}` : ''}
        </h2>
        {data && <RatingSummary average={data.average} ratesCount={data.ratesCount} />}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => leaveReview('native')} disabled={viewer === undefined} className="rounded-full bg-brand-500 px-5 py-2 font-semibold text-white hover:bg-brand-600">
          Оставить отзыв
        </button>
        <button type="button" onClick={() => leaveReview('photo')} disabled={viewer === undefined} className="rounded-full border border-brand-500 px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50">
          Отзыв с фото
        </button>
        {data && data.total > 1 && (
          <label className="ml-auto flex items-center gap-2 text-sm">
            <span>Сортировка</span>
            <select value={sort} onChange={(e) => setSort(e.target.value === 'old' ? 'old' : 'new')} className="rounded-lg border border-line px-2 py-1.5">
              <option value="new">Сначала новые</option>
              <option value="old">Сначала старые</option>
            </select>
          </label>
        )}
      </div>

      {formShown && viewer && (
        <Suspense fallback={<p className="text-ink-600">Загружаем форму…</p>}>
          {form === 'photo' ? (
            <ReviewPhotoForm productId={productId} productName={productName} offerId={offerId} defaults={{ name: viewer.name, email: viewer.email }} onDone={() => setForm('none')} />
          ) : (
            <ReviewForm productId={productId} authorName={viewer.name || viewer.email} />
          )}
        </Suspense>
      )}

      {data === null && <p className="text-ink-600">Загружаем отзывы…</p>}
      {empty && <p className="text-ink-600">{signedIn ? M.noReviews : M.noReviewsGuest}</p>}

      {data && data.items.length > 0 && (
        <ul className="divide-y divide-line" data-testid="reviews-list">
          {data.items.map((r) => (
            <li key={r.id} className="py-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <b>{r.author}</b>
                <Stars value={r.rating} />
                <time className="text-sm text-ink-400" dateTime={r.datePublished}>
                  {r.date}
                </time>
              </div>
              <p className="mt-2 whitespace-pre-line break-words">{r.text}</p>
              {r.photos.length > 0 && (
                <div className="mt-2 flex flex-wrap gap-2">
                  {r.photos.map((p, i) => (
                    <a key={p.url} href={p.url} target="_blank" rel="noopener" className="block h-20 w-20 overflow-hidden rounded-lg border border-line">
                      <img src={p.url} alt={`Фото к отзыву ${i + 1}`} width={p.width} height={p.height} loading="lazy" className="h-full w-full object-cover" />
                    </a>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {data?.hasMore && (
        <button type="button" onClick={showMore} disabled={loadingMore} className="w-full rounded-full border border-line py-2.5 font-semibold hover:bg-surface sm:w-auto sm:px-8">
          {loadingMore ? 'Загружаем…' : M.showMore}
        </button>
      )}

      <Modal open={prompt} onClose={() => setPrompt(false)} title="Оставить отзыв" size="sm">
        <p className="text-ink-600">{M.signInRequired}</p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <a href={links.login} className="rounded-full bg-brand-500 px-5 py-2 text-center font-semibold text-white">
            Войти
          </a>
          <a href={links.register} className="rounded-full border border-brand-500 px-5 py-2 text-center font-semibold text-brand-700">
            Зарегистрироваться
          </a>
        </div>
      </Modal>
    </section>
  )
}
