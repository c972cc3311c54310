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
