import { z } from 'zod'
import { MAX_ITEMS_PER_ORDER } from './cart-limits'
import type { BasketCommand } from './cart'

/**
 * POST /ajax/basket/: ACTION Add | Remove | Update (set a line's quantity) | GetBasket; ID or ID[]
 * are OFFER ids (docs/decisions/020-basket-wire.md); QUANTITY a whole number; RETURN and PAGE_TITLE
 * are accepted as the spec's pages send them.
 */
export const BASKET_ERRORS = {
  action: 'Неизвестное действие с корзиной',
  noId: 'Не указан товар',
  badId: 'Неверный идентификатор товара',
  tooManyIds: 'Слишком много товаров в одном запросе',
  badQuantity: 'Количество должно быть целым числом не меньше 1',
} as const

const ACTIONS = { add: 'add', remove: 'remove', update: 'update', getbasket: 'get' } as const
type Action = (typeof ACTIONS)[keyof typeof ACTIONS]

const action = z
  .string({ error: BASKET_ERRORS.action })
  .transform((v, ctx): Action => {
    const known = ACTIONS[v.trim().toLowerCase() as keyof typeof ACTIONS]
    if (!known) {
      ctx.addIssue({ code: 'custom', message: BASKET_ERRORS.action })
      return z.NEVER
    }
    return known
  })

const offerId = z
  .string({ error: BASKET_ERRORS.badId })
  .regex(/^\s*\d{1,10}\s*$/, BASKET_ERRORS.badId)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 2_147_483_647, BASKET_ERRORS.badId)

const ids = z
  .union([offerId.transform((id) => [id]), z.array(offerId, { error: BASKET_ERRORS.badId })], { error: BASKET_ERRORS.badId })
  .refine((list) => list.length <= MAX_ITEMS_PER_ORDER, BASKET_ERRORS.tooManyIds)

/** Digits only; the upper limit is the business rule's (a huge number is refused with productError). */
const quantity = z
  .string({ error: BASKET_ERRORS.badQuantity })
  .regex(/^\s*\d{1,9}\s*$/, BASKET_ERRORS.badQuantity)
  .transform(Number)
  .refine((n) => n >= 1, BASKET_ERRORS.badQuantity)

export const basketInput = z
  .object({
    ACTION: action,
    ID: ids.optional(),
    QUANTITY: quantity.optional(),
    RETURN: z.string().max(500).optional(),
    PAGE_TITLE: z.string().max(1000).optional(),
  })
  .transform((input, ctx): BasketCommand | { action: 'get' } => {
    if (input.ACTION === 'get') return { action: 'get' }
    if (!input.ID || input.ID.length === 0) {
      ctx.addIssue({ code: 'custom', message: BASKET_ERRORS.noId, path: ['ID'] })
      return z.NEVER
    }
    if (input.ACTION === 'remove') return { action: 'remove', offerIds: input.ID }
    if (input.ACTION === 'update' && input.QUANTITY === undefined) {
      ctx.addIssue({ code: 'custom', message: BASKET_ERRORS.badQuantity, path: ['QUANTITY'] })
      return z.NEVER
    }
    return { action: input.ACTION, offerIds: input.ID, quantity: input.QUANTITY ?? 1 }
  })

export type BasketInput = z.output<typeof basketInput>

/** GET /ajax/cart-delivery/ takes nothing: the basket and the city are the visitor's own. */
export const cartDeliveryInput = z.object({})
export type CartDeliveryInput = z.output<typeof cartDeliveryInput>
