import { moderateInput } from '@/domains/reviews/reviews.schema'
import { moderateReview } from '@/domains/reviews/reviews.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(moderateInput, moderateReview)
