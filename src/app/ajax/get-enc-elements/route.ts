import { encElementsInput } from '@/domains/content/content.schema'
import { encElementsByLetter } from '@/domains/content/content.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(encElementsInput, (input) => encElementsByLetter(input.ID))
