import { NextResponse, type NextRequest } from 'next/server'
import { SESSID_COOKIE, SESSION_COOKIE, sessionCookiesToIssue } from '@/lib/session'
import { configuredCounterCspSources } from '@/domains/analytics/counters.server'
import { NONCE_HEADER, contentSecurityPolicy, newNonce } from '@/lib/csp'
import { env } from '@/lib/env'

/**
 * Every visitor carries a session id from the first page on (no database row until something is
 * stored), so the page's scripts can read `sessid` for their first POST.
 * Also: pages get a trailing slash by redirect; calls (POST) are rewritten instead, since a redirect
 * would make the browser send the body twice.
 */
export async function proxy(request: NextRequest) {
  const url = request.nextUrl
  const needsSlash = !url.pathname.endsWith('/') && !/\.[a-z0-9]+$/i.test(url.pathname)
  if (needsSlash && (request.method === 'GET' || request.method === 'HEAD')) {
    // A plain URL, not nextUrl.clone(): NextURL formats its path by the trailing slash of the address
    // it was made from, so the added slash was dropped again and the redirect pointed at itself.
    const target = new URL(request.url)
    target.pathname = `${target.pathname}/`
    return NextResponse.redirect(target, 308)
  }

  // A fresh nonce per request: Next reads the policy from the request headers and puts the nonce on
  // its own scripts; our pages read it from NONCE_HEADER (ADR 157).
  const nonce = newNonce()
  const frameAncestors = url.pathname.startsWith('/pharmacy-finder/') ? '*' : "'self'"
  // The counters' origins follow their ids, a back-office setting read from the in-process cache, not
  // the database, per request (ADR 168).
  const policy = contentSecurityPolicy({ dev: env().NODE_ENV !== 'production', nonce, frameAncestors, extra: await configuredCounterCspSources() })
  const headers = new Headers(request.headers)
  headers.set(NONCE_HEADER, nonce)
  headers.set('Content-Security-Policy', policy)

  let response: NextResponse
  if (needsSlash) {
    const target = url.clone()
    target.pathname = `${url.pathname}/`
    response = NextResponse.rewrite(target, { request: { headers } })
  } else if (request.method === 'GET' && url.searchParams.get('ajax') === 'Y' && /^\/(catalog|brands)\/[^/]*\/?$/.test(url.pathname)) {
    // Catalogue 'show more' asks the list's own address with ajax=Y for JSON (src/app/(shop)/catalog/show-more).
    const target = url.clone()
    target.pathname = '/catalog/show-more/'
    target.searchParams.set('path', url.pathname)
    response = NextResponse.rewrite(target, { request: { headers } })
  } else {
    response = NextResponse.next({ request: { headers } })
  }
  response.headers.set('Content-Security-Policy', policy)

  for (const c of sessionCookiesToIssue(request.cookies.get(SESSION_COOKIE)?.value, request.cookies.get(SESSID_COOKIE)?.value)) {
    response.cookies.set(c.name, c.value, {
      httpOnly: c.httpOnly,
      maxAge: c.maxAge,
      sameSite: 'lax',
      path: '/',
      secure: env().cookieSecure,
    })
  }
  return response
}

export const config = {
  // 1С's exchange (ADR 189) needs no visitor session nor CSP, and its file pieces (up to
  // EXCHANGE_FILE_LIMIT) must not pass through the proxy's body buffer.
  matcher: ['/((?!_next/|upload/|favicon|robots.txt|sitemap.xml|healthz|bitrix/admin/1c_exchange\\.php).*)'],
}
