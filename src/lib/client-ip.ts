import { isIP } from 'node:net'
import { env } from './env'

/**
 * The client address that per-IP limits (login throttling S3, registrations and forms S11) count by.
 * ADR 051, "Client addresses".
 *
 * Next does not hand route handlers the socket address: it only fills X-Forwarded-For with it when
 * the request has none, so a value in that header may be the socket's or whatever the client typed.
 * Our HTTP server (scripts/serve.ts) therefore writes the socket address into a header whose name is
 * random per process (ADR 156). Hence:
 * - TRUST_PROXY off (0): X-Forwarded-For is ignored and the socket address counts; without our server
 *   (plain `next start`) every request is one unknown client, so a forged header never buys a fresh
 *   set of attempts;
 * - TRUST_PROXY = n: n proxies each appended the address they saw, so the n-th entry from the right
 *   was written by our own outermost proxy; everything left of it is the client's claim. Taking the
 *   first entry instead would let anyone behind an appending proxy choose their address.
 */
export const UNKNOWN_CLIENT = 'unknown'

export function clientIp(request: Request, trustedProxies: number = env().TRUST_PROXY, socketHeader = env().SOCKET_ADDRESS_HEADER): string {
  if (trustedProxies <= 0) return validOrUnknown(socketHeader ? request.headers.get(socketHeader) : null)
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
  // Fewer hops than proxies: the request skipped the outer ones; the left-most is the best we have.
  const candidate = hops[Math.max(0, hops.length - trustedProxies)]
  return validOrUnknown(candidate)
}

function validOrUnknown(address: string | null | undefined): string {
  if (!address) return UNKNOWN_CLIENT
  // An IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d; it is the same client as a.b.c.d.
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
  return isIP(plain) ? plain : UNKNOWN_CLIENT
}
