import { BlockList, isIP } from 'node:net'
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

/** Loopback, private and link-local ranges: addresses of the shop's own network, never of a buyer. */
const OWN_NETWORK = new BlockList()
OWN_NETWORK.addSubnet('127.0.0.0', 8, 'ipv4')
OWN_NETWORK.addSubnet('10.0.0.0', 8, 'ipv4')
OWN_NETWORK.addSubnet('172.16.0.0', 12, 'ipv4')
OWN_NETWORK.addSubnet('192.168.0.0', 16, 'ipv4')
OWN_NETWORK.addSubnet('169.254.0.0', 16, 'ipv4')
OWN_NETWORK.addAddress('::1', 'ipv6')
OWN_NETWORK.addSubnet('fc00::', 7, 'ipv6')
OWN_NETWORK.addSubnet('fe80::', 10, 'ipv6')

/**
 * Whether an address can stand for one buyer in the per-address limits. Not 'unknown', and not an
 * address of our own network: behind a reverse proxy that is not declared in TRUST_PROXY (or in a
 * container network) every request comes from the proxy's address, and counting it would stop the
 * whole shop after a few orders or reviews (ADR 154). The session limit still applies to them.
 */
export function countsAsBuyerAddress(ip: string): boolean {
  const family = isIP(ip)
  if (family === 0) return false
  return !OWN_NETWORK.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}
