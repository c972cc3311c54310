import { ceoInput } from '@/domains/reviews/reviews.schema'
import { reviewsHtmlForOffer } from '@/domains/reviews/reviews.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(ceoInput, (input) => reviewsHtmlForOffer(input.OFFER_ID))
