import { b2bProgramInput } from '@/domains/b2b/b2b.schema'
import { requestProgramme } from '@/domains/b2b/b2b.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(b2bProgramInput, requestProgramme)
