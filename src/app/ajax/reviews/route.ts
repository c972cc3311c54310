import { listInput, nativeReviewInput } from '@/domains/reviews/reviews.schema'
import { listReviews, submitNativeReview } from '@/domains/reviews/reviews.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(nativeReviewInput, submitNativeReview)
/** Our own read call: the list page by page and whether the visitor may write (pages are cached for all). */
export const GET = ajax(listInput, listReviews, { method: 'GET' })
