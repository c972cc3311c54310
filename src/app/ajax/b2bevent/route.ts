import { b2bEventInput } from '@/domains/b2b/b2b.schema'
import { registerForEvent } from '@/domains/b2b/b2b.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(b2bEventInput, registerForEvent)
