import { SESSION_COOKIE, newSessionId, sessidFor } from '@/lib/session'

/** A visitor as the browser would be: a session cookie and the matching sessid. */
export interface Visitor {
  sessionId: string
  sessid: string
  cookie: string
}

export function newVisitor(): Visitor {
  const sessionId = newSessionId()
  return { sessionId, sessid: sessidFor(sessionId), cookie: `${SESSION_COOKIE}=${sessionId}` }
}

type Fields = Record<string, string | string[] | number | File>

/** Builds a urlencoded (or multipart, when a File is present) POST like the spec's pages send. */
export function formPost(url: string, fields: Fields, visitor?: Visitor, opts: { sessid?: string | null } = {}): Request {
  const entries: [string, string | File][] = []
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) v.forEach((item) => entries.push([k, item]))
    else entries.push([k, v instanceof File ? v : String(v)])
  }
  const sessid = opts.sessid === undefined ? visitor?.sessid : opts.sessid
  if (sessid !== null && sessid !== undefined) entries.push(['sessid', sessid])
  const headers = new Headers()
  if (visitor) headers.set('cookie', visitor.cookie)
  let body: BodyInit
  if (entries.some(([, v]) => v instanceof File)) {
    const form = new FormData()
    for (const [k, v] of entries) form.append(k, v)
    body = form
  } else {
    const params = new URLSearchParams()
    for (const [k, v] of entries) params.append(k, v as string)
    body = params
    headers.set('content-type', 'application/x-www-form-urlencoded; charset=UTF-8')
  }
  return new Request(new URL(url, 'http://localhost:3000'), { method: 'POST', headers, body })
}

/** Cookies a response sets, by name. */
export function setCookies(response: Response): Map<string, string> {
  const out = new Map<string, string>()
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';')
    const eq = pair?.indexOf('=') ?? -1
    if (pair && eq > 0) out.set(pair.slice(0, eq), decodeURIComponent(pair.slice(eq + 1)))
  }
  return out
}
