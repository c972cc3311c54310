import { isIP } from 'node:net'
import { env } from './env'

/**
 * The client address that per-IP limits (login throttling S3, registrations and forms S11) count by.
 * ADR 051, "Client addresses".
 *
 * Next does not hand route handlers the socket address: it only fills X-Forwarded-For with it when
 * the request has none, so a value in the header may be the socket's or whatever the client typed.
 * Hence:
 * - TRUST_PROXY off (0): the header is ignored and every request counts as one unknown client, so a
 *   forged header cannot buy a fresh set of attempts (the limits then act shop-wide);
 * - TRUST_PROXY = n: n proxies each appended the address they saw, so the n-th entry from the right
 *   was written by our own outermost proxy; everything left of it is the client's claim. Taking the
 *   first entry instead would let anyone behind an appending proxy choose their address.
 */
export const UNKNOWN_CLIENT = 'unknown'

export function clientIp(request: Request, trustedProxies: number = env().TRUST_PROXY): string {
  if (trustedProxies <= 0) return UNKNOWN_CLIENT
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
  // Fewer hops than proxies: the request skipped the outer ones; the left-most is the best we have.
  const candidate = hops[Math.max(0, hops.length - trustedProxies)]
  return candidate && isIP(candidate) ? candidate : UNKNOWN_CLIENT
}
