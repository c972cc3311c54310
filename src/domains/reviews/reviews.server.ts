import 'server-only'
import { announceChanges } from '@/db/change-feed'
import { db as defaultDb, type Tx } from '@/db/client'
import type { ReviewStatus } from '@/db/schema'
import { userForSession } from '@/domains/account/account.server'
import { recordChange } from '@/domains/audit/audit.server'
import { claimCaptcha, consumeCaptcha, enforceLimits, verifyCaptcha } from '@/domains/captcha/captcha.server'
import type { Actor } from '@/domains/staff/permissions'
import { notifyStaff } from '@/domains/staff/staff-notifications.server'
import type { AjaxContext } from '@/lib/ajax'
import { Refusal } from '@/lib/refusal'
import { cached } from '@/lib/cache'
import { now } from '@/lib/clock'
import {
  escapeHtml,
  formatReviewDate,
  PAGE_SIZE,
  publicAuthorName,
  REVIEW_MESSAGES as M,
  roundRating,
  type PublicReview,
  type ReviewSort,
} from './reviews'
import {
  approvedMarks,
  approvedReviews,
  changeStatus,
  findOffer,
  findProduct,
  insertReview,
  productRating,
  recomputeRating,
  reviewsByStatus,
  reviewStatus,
  type ReviewRow,
} from './reviews.db'
import type { ListInput, ModerateInput, NativeReviewInput, WidgetReviewInput } from './reviews.schema'
import { photoUrl, processPhotos, removePhotos, storePhotos } from './review-photos.server'

const tagOf = (productId: number) => `reviews:product:${productId}`

function toPublic(r: ReviewRow): PublicReview {
  return {
    id: r.id,
    author: publicAuthorName(r.authorName),
    date: formatReviewDate(r.createdAt),
    datePublished: r.createdAt.toISOString().slice(0, 10),
    rating: r.rating,
    text: r.text,
    photos: r.photos.map((p) => ({ url: photoUrl(p.file), width: p.width, height: p.height })),
  }
}

export interface ReviewsPage {
  items: PublicReview[]
  /** Approved reviews with text: the tab title's count. */
  total: number
  /** Every mark the product has (history + approved reviews), one decimal. */
  average: number
  ratesCount: number
  hasMore: boolean
}

/** The same for every visitor, so it is cached and dropped when a review is moderated. */
export function loadReviewsPage(productId: number, sort: ReviewSort, offset: number): Promise<ReviewsPage> {
  return cached(`reviews:${productId}:${sort}:${offset}`, { tags: ['reviews', tagOf(productId)] }, async () => {
    const db = defaultDb()
    const [rows, marks, rating] = await Promise.all([
      approvedReviews(db, productId, sort, offset, PAGE_SIZE),
      approvedMarks(db, productId),
      productRating(db, productId),
    ])
    const total = marks.reduce((s, m) => s + Number(m.n), 0)
    return {
      items: rows.map(toPublic),
      total,
      average: roundRating(rating?.rating ?? 0),
      ratesCount: rating?.ratesCount ?? 0,
      hasMore: offset + rows.length < total,
    }
  })
}

/** For the product tab's title: the approved reviews with text ("14 отзывов" via reviewsCountLabel). */
export interface Viewer {
  signedIn: boolean
  name: string
  email: string
  phone: string
}

export async function viewerOf(ctx: Pick<AjaxContext, 'sessionId'>): Promise<Viewer> {
  const user = ctx.sessionId ? await userForSession(defaultDb(), ctx.sessionId) : null
  return user
    ? { signedIn: true, name: user.name, email: user.email, phone: user.phone }
    : { signedIn: false, name: '', email: '', phone: '' }
}

/** GET /ajax/reviews/: one page of the list and who is looking (for the form and the guest prompt). */
export async function listReviews(input: ListInput, ctx: AjaxContext) {
  const [page, viewer] = await Promise.all([loadReviewsPage(input.PRODUCT_ID, input.sort, input.offset), viewerOf(ctx)])
  return { ...page, viewer }
}

/**
 * Every new review waits for moderation (status 'pending' by default), so the staff who subscribed
 * to «Новый отзыв ждёт модерации» and may moderate hear of it, in the review's own transaction:
 * a review refused or rolled back mails no one. The review's id is the key, once per review.
 */
async function notifyPending(tx: Tx, id: number, productName: string, review: { authorName: string; email: string; rating: number; text: string }, photos: number) {
  await notifyStaff(tx, 'review.pending', String(id), {
    subject: `новый отзыв №${id} о товаре «${productName}» ждёт модерации`.slice(0, 250),
    text: [`Товар: ${productName}`, `Автор: ${review.authorName} <${review.email}>`, `Оценка: ${review.rating} из 5`, ...(photos ? [`Фотографий: ${photos}`] : []), '', review.text].join('\n'),
    path: '/admin/inbox/',
  })
}

/** POST /ajax/reviews/: the native form. USER_ID is ignored; the session's user writes. */
export async function submitNativeReview(input: NativeReviewInput, ctx: AjaxContext) {
  const db = defaultDb()
  const user = ctx.sessionId ? await userForSession(db, ctx.sessionId) : null
  if (!user) throw new Refusal('forbidden', M.signInRequired)
  const product = await findProduct(db, input.PRODUCT_ID)
  if (!product) throw new Refusal('not-found', M.unknownProduct)
  await enforceLimits(db, 'review', ctx)
  await db.transaction(async (tx) => {
    await consumeCaptcha(tx, input.RecapToken)
    const review = {
      productId: product.id,
      offerId: null,
      userId: user.id,
      source: 'native' as const,
      authorName: user.name || user.email.split('@')[0] || 'Покупатель',
      email: user.email,
      rating: input.RATING,
      text: input.MESSAGE,
    }
    const id = await insertReview(tx, review, [])
    await notifyPending(tx, id, product.name, review, 0)
  })
  return { success: true, message: M.nativeSuccess }
}

/** POST /ajax/add-review-to-aplaut/: the photo form, open to guests. */
export async function submitWidgetReview(input: WidgetReviewInput, ctx: AjaxContext) {
  const db = defaultDb()
  const product = await findProduct(db, input.PRODUCT_ID)
  if (!product) throw new Refusal('not-found', M.unknownProduct)
  const offer = input.OFFER_ID ? await findOffer(db, input.OFFER_ID) : null
  const user = ctx.sessionId ? await userForSession(db, ctx.sessionId) : null
  await enforceLimits(db, 'review', ctx)
  // Cheap checks first: decoding photos is the costly part, and a request without a valid token
  // must not get that far.
  const captcha = await verifyCaptcha(input.RecapToken)
  const photos = await processPhotos(input.FILES)
  const files = await storePhotos(photos)
  try {
    await db.transaction(async (tx) => {
      await claimCaptcha(tx, captcha)
      const review = {
        productId: product.id,
        offerId: offer?.productId === product.id ? offer.id : null,
        userId: user?.id ?? null,
        source: 'widget' as const,
        authorName: input.NAME,
        email: input.EMAIL.toLowerCase(),
        rating: input.RATING,
        text: input.IMPRESSIONS,
      }
      const id = await insertReview(
        tx,
        review,
        files.map((file, i) => ({ file, width: photos[i]!.width, height: photos[i]!.height })),
      )
      await notifyPending(tx, id, product.name, review, files.length)
    })
  } catch (error) {
    await removePhotos(files)
    throw error
  }
  return { success: true, message: M.widgetSuccess }
}

/** POST /ajax/get-aplaut-ceo/: approved reviews as static markup with schema.org microdata. */
export async function reviewsHtmlForOffer(offerId: number): Promise<{ res: string }> {
  const offer = await findOffer(defaultDb(), offerId)
  if (!offer) return { res: '' }
  const page = await loadReviewsPage(offer.productId, 'new', 0)
  return { res: reviewsHtml(page) }
}

export function reviewsHtml(page: ReviewsPage): string {
  if (page.items.length === 0) return ''
  const items = page.items
    .map(
      (r) =>
        `<article class="aplaut-review" itemprop="review" itemscope itemtype="https://schema.org/Review">` +
        `<p class="aplaut-review__author" itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">${escapeHtml(r.author)}</span></p>` +
        `<p class="aplaut-review__date"><time itemprop="datePublished" datetime="${r.datePublished}">${r.date}</time></p>` +
        `<p class="aplaut-review__rating" itemprop="reviewRating" itemscope itemtype="https://schema.org/Rating">` +
        `<meta itemprop="bestRating" content="5"><span itemprop="ratingValue">${r.rating}</span> из 5</p>` +
        `<p class="aplaut-review__text" itemprop="reviewBody">${escapeHtml(r.text)}</p>` +
        `</article>`,
    )
    .join('')
  return `<div class="aplaut-reviews">${items}</div>`
}

/**
 * For the product page's JSON-LD `Product`: spread the answer into it. Empty when the product has
 * no marks (search engines refuse an AggregateRating with no ratings).
 */
export async function reviewsJsonLd(productId: number): Promise<{
  aggregateRating?: Record<string, unknown>
  review?: Record<string, unknown>[]
}> {
  const page = await loadReviewsPage(productId, 'new', 0)
  if (page.ratesCount === 0 && page.total === 0) return {}
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: page.average,
      bestRating: 5,
      worstRating: 1,
      ratingCount: Math.max(page.ratesCount, page.total),
      reviewCount: page.total,
    },
    review: page.items.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.author },
      datePublished: r.datePublished,
      reviewBody: r.text,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  }
}

export async function reviewsForModeration(status: 'pending' | 'approved' | 'rejected' = 'pending') {
  const rows = await reviewsByStatus(defaultDb(), status, 200)
  return rows.map((r) => ({
    ...r,
    date: formatReviewDate(r.createdAt),
    photos: r.photos.map((p) => ({ url: photoUrl(p.file), width: p.width, height: p.height })),
  }))
}

export const MODERATION_MESSAGES = {
  notFound: 'Отзыв не найден.',
  approved: 'Отзыв опубликован.',
  rejected: 'Отзыв отклонён.',
  unchanged: 'Отзыв уже обработан.',
} as const

/**
 * Approve or reject, from the back office's inbox (ADR 162). Publishing or unpublishing recomputes the
 * product's rating and count from its approved reviews (ADR 114). The status change is conditional,
 * so a double click changes nothing twice. Who did it goes to the audit log in the same transaction
 * (reviews.moderatedBy names a buyer account, from the days of /manager/reviews/, and stays empty).
 */
export async function moderateReviewAsStaff(actor: Actor, input: ModerateInput) {
  const db = defaultDb()
  const status = await reviewStatus(db, input.id)
  if (!status) throw new Refusal('not-found', MODERATION_MESSAGES.notFound)
  const to: ReviewStatus = input.action === 'approve' ? 'approved' : 'rejected'
  if (status === to) return { success: true, status, message: MODERATION_MESSAGES.unchanged }
  const changed = await db.transaction(async (tx) => {
    const row = await changeStatus(tx, input.id, status, to, null, now())
    if (!row) return null
    if (to === 'approved' || status === 'approved') await recomputeRating(tx, row.productId)
    await recordChange(tx, actor, { objectType: 'review', objectId: input.id, action: input.action, before: { status }, after: { status: to } })
    // The list of the product's reviews, and its rating on cards and pages, on every instance.
    await announceChanges(tx, [tagOf(row.productId), 'catalog'])
    return row
  })
  if (!changed) throw new Refusal('conflict', MODERATION_MESSAGES.unchanged)
  return { success: true, status: to, message: to === 'approved' ? MODERATION_MESSAGES.approved : MODERATION_MESSAGES.rejected }
}
