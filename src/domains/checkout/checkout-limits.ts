import { BlockList, isIP } from 'node:net'
import { z } from 'zod'

/**
 * Anti-automation limits of the checkout (S11, issue 16 hole 5): orders placed and coupon codes tried,
 * per session and per client address, in a sliding hour. A manager may change them in the
 * `checkoutLimits` setting; a missing or broken value falls back to the defaults below (ADR 154).
 */
export const CHECKOUT_LIMITS_KEY = 'checkoutLimits'

const count = (fallback: number) => z.number().int().min(1).max(100_000).catch(fallback).default(fallback)

export const checkoutLimitsSchema = z.object({
  /** A family orders a few times an hour at most; a hoarding script needs dozens. */
  ordersPerSession: count(5),
  /** An office or a household behind one address still stays far below this. */
  ordersPerIp: count(20),
  /** A buyer tries a handful of codes, typos included; guessing needs thousands. */
  couponTriesPerSession: count(15),
  couponTriesPerIp: count(60),
  windowMinutes: count(60),
})

export type CheckoutLimits = z.infer<typeof checkoutLimitsSchema>

export const DEFAULT_CHECKOUT_LIMITS: CheckoutLimits = checkoutLimitsSchema.parse({})

/** The stored setting, each field checked on its own: one bad number keeps its default, not all of them. */
export function checkoutLimitsOf(raw: unknown): CheckoutLimits {
  const parsed = checkoutLimitsSchema.safeParse(raw && typeof raw === 'object' ? raw : {})
  return parsed.success ? parsed.data : DEFAULT_CHECKOUT_LIMITS
}

// Our own wording, in the tone of the form limits' 'Слишком много отправок подряд' (captcha.ts).
export const LIMIT_MESSAGES = {
  orders: 'Слишком много заказов за короткое время. Пожалуйста, попробуйте позже или позвоните нам — мы поможем оформить заказ.',
  coupons: 'Слишком много попыток ввести промокод. Пожалуйста, попробуйте позже.',
} as const

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
 * whole shop after a few orders (ADR 154). The session limit still applies to them.
 */
export function countsAsBuyerAddress(ip: string): boolean {
  const family = isIP(ip)
  if (family === 0) return false
  return !OWN_NETWORK.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}
