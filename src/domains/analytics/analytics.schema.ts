import { z } from 'zod'
import { ANALYTICS_MESSAGES, STORED_EVENTS } from './analytics'

const digits = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\s*\d{1,10}\s*$/, message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2_147_483_647, message)

/**
 * POST /ajax/search/send-event: CART_VIEW {viewGuid, subtotal, total, cartItems} or ORDER_SUCCESS
 * {viewGuid, orderId}. The client's sums and items are accepted on the wire but never stored: the
 * server records its own cart.
 */
export const sendEventInput = z.discriminatedUnion(
  'event',
  [
    z.object({
      event: z.literal('CART_VIEW'),
      viewGuid: z.string().max(100).default(''),
      subtotal: z.string().max(50).optional(),
      total: z.string().max(50).optional(),
      cartItems: z.string().max(65_536).optional(),
    }),
    z.object({
      event: z.literal('ORDER_SUCCESS'),
      viewGuid: z.string().max(100).default(''),
      orderId: digits(ANALYTICS_MESSAGES.badOrderId),
    }),
  ],
  { error: ANALYTICS_MESSAGES.event },
)
export type SendEventInput = z.output<typeof sendEventInput>

const productId = digits(ANALYTICS_MESSAGES.badProducts)

/** POST /ajax/bundle-info/: products is one id or a list (product ids, at most 100). */
export const bundleInfoInput = z.object({
  products: z
    .union([productId.transform((id) => [id]), z.array(productId)], { error: ANALYTICS_MESSAGES.badProducts })
    .refine((ids) => ids.length >= 1 && ids.length <= 100, ANALYTICS_MESSAGES.badProducts),
})
export type BundleInfoInput = z.output<typeof bundleInfoInput>

export { STORED_EVENTS }
