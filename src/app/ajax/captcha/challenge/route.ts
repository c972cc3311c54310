import { z } from 'zod'
import { issueChallenge } from '@/domains/captcha/captcha.server'
import { ajax } from '@/lib/ajax'

/** The ALTCHA widget fetches a fresh challenge here (GET: it changes nothing on the server). */
export const GET = ajax(z.object({}), () => issueChallenge(), { method: 'GET' })
