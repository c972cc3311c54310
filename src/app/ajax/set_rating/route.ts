import { ratingInput } from '@/domains/forms/forms.schema'
import { setArticleRating } from '@/domains/forms/forms.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(ratingInput, setArticleRating)
