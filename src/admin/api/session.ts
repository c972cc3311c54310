import 'server-only'
import { z } from 'zod'
import { requestStaffPasswordReset, setStaffPassword, staffFromSession, staffSignIn, staffSignOut, PASSWORD_MIN } from '@/domains/staff/staff-auth.server'
import { answerForError, invalidAnswer, json } from '@/lib/ajax'
import { clientIp } from '@/lib/client-ip'
import { readCookie } from '@/lib/session'
import { ADMIN_MESSAGES } from '../endpoint'
import { STAFF_COOKIE, staffCookie } from '../staff-cookie'

/**
 * Signing in and out, and the password links: the only back-office calls made without a session, so
 * they sit outside `endpoint()` and out of the OpenAPI document (integrations use tokens).
 */
export const signInInput = z.object({
  email: z.string().trim().min(1, 'Введите e-mail').max(200),
  password: z.string().min(1, 'Введите пароль').max(200),
  code: z.string().trim().max(10).optional(),
})
export const resetInput = z.object({ email: z.string().trim().min(1, 'Введите e-mail').max(200) })
export const passwordInput = z.object({
  token: z.string().min(10).max(100),
  password: z.string().min(PASSWORD_MIN, `Пароль — не короче ${PASSWORD_MIN} символов.`).max(200),
})

function sessionCall<S extends z.ZodType>(schema: S, run: (input: z.output<S>, request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    try {
      // JSON only: a page on another site can post a form or text/plain without asking, but not
      // application/json, so these calls cannot be made from someone else's page (S1).
      if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) return json({ error: ADMIN_MESSAGES.notJson }, 415)
      let raw: unknown
      try {
        raw = await request.json()
      } catch {
        raw = null
      }
      const parsed = schema.safeParse(raw)
      if (!parsed.success) return json(invalidAnswer(parsed.error), 400)
      return await run(parsed.data, request)
    } catch (error) {
      return answerForError(error, request)
    }
  }
}

export const signIn = sessionCall(signInInput, async (input, request) => {
  const result = await staffSignIn(input, clientIp(request))
  if (result.status === 'code-needed') return json({ status: 'code-needed' })
  const answer = json({ status: 'signed-in' })
  answer.headers.append('set-cookie', staffCookie(result.token))
  return answer
})

export async function signOut(request: Request): Promise<Response> {
  const token = readCookie(request.headers.get('cookie'), STAFF_COOKIE)
  if (!token) return json({ error: 'Нет сессии.' }, 401)
  await staffSignOut(token)
  const answer = json({ status: 'signed-out' })
  answer.headers.append('set-cookie', staffCookie(null))
  return answer
}

export async function whoAmI(request: Request): Promise<Response> {
  const actor = await staffFromSession(readCookie(request.headers.get('cookie'), STAFF_COOKIE))
  return actor ? json(actor) : json({ error: 'Нет сессии.' }, 401)
}

export const askReset = sessionCall(resetInput, async (input, request) => json(await requestStaffPasswordReset(input.email, clientIp(request))))

export const setPassword = sessionCall(passwordInput, async (input) => {
  await setStaffPassword(input.token, input.password)
  return json({ status: 'password-set' })
})
