import 'server-only'
import iconv from 'iconv-lite'
import { clientIp } from '@/lib/client-ip'
import { env } from '@/lib/env'
import { readCookie } from '@/lib/session'
import { EXCHANGE_COOKIE, type ExchangeAnswer } from './exchange'
import { exchangeSettings } from './exchange-settings.server'
import { exchangeCall } from './exchange.server'

/**
 * The HTTP side of the exchange: 1С's query and body in, plain text lines out, in the encoding 1С
 * is set to read (the setting 'exchange.protocol', else EXCHANGE_ENCODING; windows-1251 by default, as
 * Bitrix answers).
 */
export function answerResponse(answer: ExchangeAnswer, encoding: string): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store' })
  if (answer.kind === 'xml') {
    headers.set('Content-Type', `application/xml; charset=${answer.encoding}`)
    return new Response(new Uint8Array(answer.body), { status: 200, headers })
  }
  headers.set('Content-Type', `text/plain; charset=${encoding}`)
  if (answer.cookie) headers.append('Set-Cookie', `${answer.cookie.name}=${answer.cookie.value}; Path=/bitrix/; HttpOnly; SameSite=Lax${env().cookieSecure ? '; Secure' : ''}`)
  // 1С reads the first word; a request outside any run is also refused by its status, as every HTTP client expects.
  return new Response(new Uint8Array(iconv.encode(answer.lines.join('\n'), encoding)), { status: answer.unauthorised ? 403 : 200, headers })
}

export async function exchangeHandler(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const answer = await exchangeCall({
    type: url.searchParams.get('type'),
    mode: url.searchParams.get('mode'),
    filename: url.searchParams.get('filename'),
    authorization: request.headers.get('authorization'),
    cookie: readCookie(request.headers.get('cookie'), EXCHANGE_COOKIE),
    ip: clientIp(request),
    body: request.method === 'POST' && request.body ? (request.body as unknown as AsyncIterable<Uint8Array>) : null,
  })
  return answerResponse(answer, (await exchangeSettings()).encoding)
}
