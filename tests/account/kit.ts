import { POST as authPost } from '@/app/ajax/auth/route'
import { POST as registerPost } from '@/app/ajax/register/route'
import { SESSION_COOKIE, sessidFor } from '@/lib/session'
import { formPost, newVisitor, setCookies, type Visitor } from '../support/http'

/** Helpers for the account's integration tests: calls as the browser makes them, cookies kept. */
export type Post = (request: Request) => Promise<Response>

export interface Answer {
  status: number
  body: Record<string, unknown>
  cookies: Map<string, string>
}

let ipCounter = 0
/** A distinct client address, so per-IP limits of one test do not leak into the next. */
export function freshIp(): string {
  ipCounter += 1
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`
}

export async function call(
  post: Post,
  url: string,
  fields: Record<string, string | string[]>,
  visitor: Visitor,
  ip: string = freshIp(),
): Promise<Answer> {
  const request = formPost(url, fields, visitor)
  request.headers.set('x-forwarded-for', ip)
  const response = await post(request)
  const text = await response.text()
  const body = (text.startsWith('{') ? JSON.parse(text) : { raw: text }) as Record<string, unknown>
  return { status: response.status, body, cookies: setCookies(response) }
}

/** The visitor as the browser is after an answer that replaced the session cookie. */
export function follow(visitor: Visitor, answer: Answer): Visitor {
  const id = answer.cookies.get(SESSION_COOKIE)
  if (!id) return visitor
  return { sessionId: id, sessid: sessidFor(id), cookie: `${SESSION_COOKIE}=${id}` }
}

let counter = 0
export function uniqueEmail(prefix = 'buyer'): string {
  counter += 1
  return `${prefix}${counter}.${Date.now().toString(36)}@example.ru`
}

export const GOOD_PASSWORD = 'Zelenyi-chai-42'

export async function registered(
  fields: { email?: string; password?: string; name?: string } = {},
  visitor: Visitor = newVisitor(),
): Promise<{ visitor: Visitor; email: string; password: string; answer: Answer }> {
  const email = fields.email ?? uniqueEmail()
  const password = fields.password ?? GOOD_PASSWORD
  const answer = await call(registerPost, '/ajax/register/', { EMAIL: email, PASS: password, NAME: fields.name ?? 'Анна', IS_SUBSCRIBE: 'N' }, visitor)
  if (answer.status !== 200) throw new Error(`registration failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return { visitor: follow(visitor, answer), email, password, answer }
}

export async function loggedIn(email: string, password: string, visitor: Visitor = newVisitor(), ip?: string): Promise<{ visitor: Visitor; answer: Answer }> {
  const request = formPost('/ajax/auth/', { LOGIN_OR_EMAIL: email, PASS: password }, visitor)
  request.headers.set('x-forwarded-for', ip ?? freshIp())
  const response = await authPost(request)
  const text = await response.text()
  const answer = { status: response.status, body: JSON.parse(text) as Record<string, unknown>, cookies: setCookies(response) }
  return { visitor: follow(visitor, answer), answer }
}
