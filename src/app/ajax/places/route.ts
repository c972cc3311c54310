import { placesInput } from '@/domains/delivery/delivery.schema'
import { places } from '@/domains/delivery/places.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(placesInput, places)
