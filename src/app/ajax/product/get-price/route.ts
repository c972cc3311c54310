import { getPriceInput } from '@/domains/landings/landings.schema'
import { productPrice } from '@/domains/landings/landings.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(getPriceInput, productPrice)
