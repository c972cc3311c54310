import { z } from 'zod'

export const CHECKOUT_ACTIONS = [
  'refreshOrderAjax',
  'saveOrderAjax',
  'enterCoupon',
  'removeCoupon',
  'getMaximumQuantity',
  'getMaximumWeight',
] as const
export type CheckoutAction = (typeof CHECKOUT_ACTIONS)[number]

const scalar = z.union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional()

/** One value of the form: the first string of a list, '' for anything that is not text. */
function text(value: unknown): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(text).find((v) => v !== '') ?? ''
  return ''
}

/** The order form as the server reads it: Bitrix names, nested under order[...] or flat (save). */
export interface CheckoutForm {
  /** ORDER_PROP_{id} → value. */
  props: Map<number, string>
  profileId: number
  personType: number
  personTypeOld: number
  deliveryId: string
  paySystemId: string
  description: string
  /** The location code (the location property's value wins; this is the page's copy). */
  recentLocation: string
  /** One token per checkout attempt (ADR 031); without it the basket's line ids stand in. */
  checkoutKey: string
}

const int = (v: string) => (/^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : 0)

export function toCheckoutForm(fields: Record<string, unknown>): CheckoutForm {
  const props = new Map<number, string>()
  for (const [key, value] of Object.entries(fields)) {
    const m = /^ORDER_PROP_(\d{1,9})$/.exec(key)
    if (m) props.set(Number(m[1]), text(value).slice(0, 2000))
  }
  return {
    props,
    profileId: int(text(fields.PROFILE_ID)),
    personType: int(text(fields.PERSON_TYPE)),
    personTypeOld: int(text(fields.PERSON_TYPE_OLD)),
    deliveryId: text(fields.DELIVERY_ID).trim().slice(0, 40),
    paySystemId: text(fields.PAY_SYSTEM_ID).trim().slice(0, 40),
    description: text(fields.ORDER_DESCRIPTION).slice(0, 2000),
    recentLocation: text(fields.RECENT_DELIVERY_VALUE).trim().slice(0, 100),
    checkoutKey: text(fields.CHECKOUT_KEY).trim().slice(0, 80),
  }
}

/** POST /local/components/bitrix/sale.order.ajax/ajax.php */
export const checkoutRequest = z
  .looseObject({
    action: scalar,
    'soa-action': scalar,
    coupon: scalar,
    order: scalar,
  })
  .transform((raw, ctx) => {
    const action = text(raw.action) || text(raw['soa-action'])
    if (!(CHECKOUT_ACTIONS as readonly string[]).includes(action)) {
      ctx.addIssue({ code: 'custom', message: 'Неизвестное действие.', path: ['action'] })
      return z.NEVER
    }
    const nested = raw.order && typeof raw.order === 'object' && !Array.isArray(raw.order) ? raw.order : {}
    // Flat fields (the stock page's save) first, the nested copy wins where both exist.
    const form = toCheckoutForm({ ...(raw as Record<string, unknown>), ...(nested as Record<string, unknown>) })
    return { action: action as CheckoutAction, coupon: text(raw.coupon).trim().slice(0, 100), form }
  })
export type CheckoutRequest = z.output<typeof checkoutRequest>

const cyrName = z.string().trim().max(100)

/** POST /ajax/fast-order/: the one-click form (spec section 5 rules, alerts as errors). */
export const fastOrderInput = z.object({
  UF_NAME: cyrName
    .min(1, 'Заполните поле "Имя и фамилия"')
    .regex(/^[А-Яа-яЁё ]+$/, 'Заполните поле "Имя и фамилия"'),
  UF_CITY: z
    .string()
    .trim()
    .max(100)
    .min(1, 'Заполните поле "Населенный пункт"')
    .regex(/^[А-Яа-яЁё0-9 ]+$/, 'Заполните поле "Населенный пункт"'),
  UF_PHONE: z
    .string()
    .trim()
    .max(30)
    .min(1, 'Заполните поле "Контактный телефон"')
    .refine((v) => v.replace(/\D/g, '').length === 11, 'Введите корректный телефон.'),
  UF_EMAIL: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'Заполните поле "Email-адрес"'),
})
export type FastOrderInput = z.output<typeof fastOrderInput>

/** GET /ajax/fast-order/: the deliveries of the one-click area; nothing to read from the query. */
export const oneClickDeliveriesInput = z.object({})

/** POST /ajax/MB-reg_me/: registration of the guest who just ordered. */
export const registerMeInput = z.object({
  id: z.string().max(40).optional(),
  orderId: z.coerce.number().int().positive().max(2_147_483_647),
  subscribe: z.enum(['Y', 'N', 'true', 'false', '1', '0', '']).optional(),
})
export type RegisterMeInput = z.output<typeof registerMeInput>

/** POST /ajax/order-subscriptions/ */
export const orderSubscriptionInput = z.object({
  fullName: z.string().trim().max(200).default(''),
  email: z.string().trim().max(200).regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'Укажите корректный E-mail адрес.'),
  phone: z.string().trim().max(30).default(''),
  isSubscribed: z.literal('Y', { message: 'Нужно согласие на подписку.' }),
})
export type OrderSubscriptionInput = z.output<typeof orderSubscriptionInput>
