import { z } from 'zod'
import { link, patchOf, strict } from '@/domains/edits/edits'

/** Which products a partner pharmacy sells and where at the partner (ADR 209). */
export const PARTNER_PRODUCT_MESSAGES = {
  product: 'Выберите товар из каталога.',
  productNotFound: 'Такого товара в каталоге нет.',
  already: 'Этот товар уже есть у партнёра.',
  notSold: 'Партнёр не продаёт этот товар.',
  partnerNotFound: 'Партнёр не найден.',
} as const
const M = PARTNER_PRODUCT_MESSAGES

const productId = z.number({ error: M.product }).int({ error: M.product }).positive({ error: M.product })

/** `link` is the product's own page at the partner; without one the partner's shop is linked. */
export const partnerProductInput = z.strictObject({ productId, link: link().optional() }, strict)
export const partnerProductPatch = patchOf({ link: link() })

export const partnerProductView = z.object({
  productId: z.number(),
  code: z.string(),
  name: z.string(),
  /** A hidden product is kept in the list but a buyer does not see it anywhere. */
  published: z.boolean(),
  link: z.string(),
})
export const partnerProductList = z.object({ items: z.array(partnerProductView) })
export type PartnerProductView = z.infer<typeof partnerProductView>
