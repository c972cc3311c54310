import { z } from 'zod'
import { questionInput } from '@/domains/forms/forms.schema'
import { askQuestion, questionPrefill } from '@/domains/forms/forms.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(questionInput, askQuestion)
/** Our own read call: the signed-in buyer's contacts to pre-fill the forms of cached pages. */
export const GET = ajax(z.object({}), questionPrefill, { method: 'GET' })
