import { encElementsInput } from '@/domains/encyclopedia/encyclopedia.schema'
import { encElementsByLetter } from '@/domains/encyclopedia/encyclopedia.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(encElementsInput, (input) => encElementsByLetter(input.ID))
