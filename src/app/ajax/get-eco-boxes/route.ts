import { ecoBoxesInput } from '@/domains/eco/eco.schema'
import { ecoBoxes } from '@/domains/eco/eco.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(ecoBoxesInput, ecoBoxes)
