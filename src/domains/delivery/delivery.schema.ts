import { z } from 'zod'
import { DELIVERY_MESSAGES } from './delivery'
import type { DeliveryBasketLine } from './delivery'

/** One schema per spec call; field names are the spec's. */

// Control characters (NUL above all) mean nothing in a city or an address, and PostgreSQL refuses NUL.
const clean = (v: unknown) => (typeof v === 'string' ? v.replace(/[\u0000-\u001f\u007f]/g, ' ') : v)
const text = (max: number) => z.preprocess(clean, z.string().trim().max(max))
const required = (max: number, message: string = DELIVERY_MESSAGES.required) =>
  z.preprocess(clean, z.string({ error: message }).trim().min(1, message).max(max))
const yn = z.enum(['Y', 'N']).catch('N')

const looseNumber = z.union([z.number(), z.string().max(32)]).nullish()
const wireLine = z
  .object({
    name: z.string().max(500).nullish(),
    NAME: z.string().max(500).nullish(),
    externalId: z.union([z.string().max(64), z.number()]).nullish(),
    id: z.union([z.string().max(64), z.number()]).nullish(),
    PRODUCT_ID: z.union([z.string().max(64), z.number()]).nullish(),
    /** Roubles on the wire. */
    price: looseNumber,
    PRICE: looseNumber,
    quantity: looseNumber,
    QUANTITY: looseNumber,
    weight: looseNumber,
    WEIGHT: looseNumber,
    width: looseNumber,
    length: looseNumber,
    height: looseNumber,
    vat: looseNumber,
    aerialRestriction: z.union([z.string().max(16), z.boolean()]).nullish(),
  })

function roublesToKopecks(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(',', '.')) : NaN
  return Number.isFinite(n) ? Math.round(n * 100) : null
}

/** `basket`: a JSON list of lines (both our names and the Bitrix row names are read). */
export const basketJson = z
  .string()
  .max(200_000)
  .optional()
  .transform((raw, ctx): DeliveryBasketLine[] => {
    if (!raw || !raw.trim()) return []
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch {
      ctx.addIssue({ code: 'custom', message: DELIVERY_MESSAGES.badBasket })
      return z.NEVER
    }
    const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : null
    const parsed = z.array(wireLine).max(500).safeParse(list)
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: DELIVERY_MESSAGES.badBasket })
      return z.NEVER
    }
    return parsed.data.map((l) => ({
      name: l.name ?? l.NAME ?? null,
      externalId: l.externalId ?? l.id ?? l.PRODUCT_ID ?? null,
      priceKopecks: roublesToKopecks(l.price ?? l.PRICE),
      quantity: l.quantity ?? l.QUANTITY ?? null,
      weight: l.weight ?? l.WEIGHT ?? null,
      width: l.width ?? null,
      length: l.length ?? null,
      height: l.height ?? null,
      vat: l.vat ?? null,
      aerialRestriction: l.aerialRestriction ?? null,
    }))
  })

/** POST /ajax/places/: a search (SEARCH_STRING, 2+ chars) or the chosen location (CODE). */
export const placesInput = z
  .object({ SEARCH_STRING: text(100).optional(), CODE: text(64).optional() })
  .superRefine((v, ctx) => {
    if (!v.CODE && (v.SEARCH_STRING ?? '').length < 2) {
      ctx.addIssue({ code: 'custom', path: ['SEARCH_STRING'], message: DELIVERY_MESSAGES.shortSearch })
    }
  })
export type PlacesInput = z.infer<typeof placesInput>

/** POST /ajax/sdek/ and /ajax/boxberry/ */
export const carrierPointsInput = z.object({
  town: required(100, DELIVERY_MESSAGES.unknownCity),
  country: text(100).optional(),
  region: text(200).optional(),
})
export type CarrierPointsInput = z.infer<typeof carrierPointsInput>

/** POST /ajax/VuePvzComponent/ */
export const pvzInput = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('getPoints'),
    city: required(100, DELIVERY_MESSAGES.unknownCity),
    type: required(32),
    postPay: yn.optional(),
  }),
  z.object({
    action: z.literal('getInfo'),
    'point-type': text(32).optional(),
    type: required(32),
    id: required(64, DELIVERY_MESSAGES.pointUnavailable),
    postPay: yn.optional(),
    basket: basketJson,
    /** The chosen location, to refuse a point of another city. */
    city: text(100).optional(),
  }),
])
export type PvzInput = z.infer<typeof pvzInput>

/** POST /ajax/getAddress/ */
export const getAddressInput = z.object({
  CITY: required(100, DELIVERY_MESSAGES.unknownCity),
  ADDRESS: required(300, DELIVERY_MESSAGES.fullAddress),
})
export type GetAddressInput = z.infer<typeof getAddressInput>

/** POST /ajax/VueCourierComponent/ */
export const courierInput = z.object({
  type: text(32).optional(),
  city: required(100, DELIVERY_MESSAGES.unknownCity),
  address: required(300, DELIVERY_MESSAGES.fullAddress),
  postPay: yn.optional(),
  basket: basketJson,
})
export type CourierInput = z.infer<typeof courierInput>
