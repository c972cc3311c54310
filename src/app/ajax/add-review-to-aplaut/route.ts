import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '@/domains/reviews/reviews'
import { widgetReviewInput } from '@/domains/reviews/reviews.schema'
import { submitWidgetReview } from '@/domains/reviews/reviews.server'
import { ajax } from '@/lib/ajax'

/** Room for the allowed photos plus the text fields; one photo more than allowed is refused by size. */
export const POST = ajax(widgetReviewInput, submitWidgetReview, { maxBytes: MAX_PHOTOS * MAX_PHOTO_BYTES + 512 * 1024 })
