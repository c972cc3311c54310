import { z } from 'zod'

/**
 * The shop's own delivery as the back office edits it (ADR 187): pickup points of the shop and courier
 * zones. One schema per input; texts are Russian, money is integer kopecks.
 */
export const OWN_DELIVERY_MESSAGES = {
  unknownCity: 'Город не найден. Выберите город из списка.',
  unknownPoint: 'Пункт выдачи не найден.',
  unknownZone: 'В этом городе курьерской доставки нет.',
  required: 'Заполните поле.',
  coordinates: 'Координаты: широта от −90 до 90, долгота от −180 до 180.',
  money: 'Сумма в копейках: целое число от 0.',
  days: 'Срок: целое число дней от 0 до 30.',
  invalid: 'Проверьте поля формы.',
  daysOrder: 'Срок «до» не может быть меньше срока «от».',
} as const
const M = OWN_DELIVERY_MESSAGES

const text = (max: number) => z.string({ error: M.required }).trim().max(max)
const required = (max: number) => text(max).min(1, M.required)
const money = z.number({ error: M.money }).int(M.money).min(0, M.money).max(100_000_000, M.money)

export const ownPointInput = z.object({
  cityCode: required(100),
  name: required(200),
  address: required(300),
  addressComment: text(500).default(''),
  workTime: required(200),
  phone: text(50).default(''),
  lat: z.number({ error: M.coordinates }).min(-90, M.coordinates).max(90, M.coordinates),
  lon: z.number({ error: M.coordinates }).min(-180, M.coordinates).max(180, M.coordinates),
  /** Takes payment on receipt (cash or card); otherwise the checkout says 'Только предоплата!'. */
  canGetPayment: z.boolean().default(true),
  active: z.boolean().default(true),
})
export type OwnPointInput = z.infer<typeof ownPointInput>
export const ownPointPatch = ownPointInput.partial()

export const ownPointView = z.object({
  id: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  name: z.string(),
  address: z.string(),
  addressComment: z.string(),
  workTime: z.string(),
  phone: z.string(),
  lat: z.number(),
  lon: z.number(),
  canGetPayment: z.boolean(),
  active: z.boolean(),
})
export type OwnPointView = z.infer<typeof ownPointView>

export const courierZoneInput = z.object({
  /** Extra days before the first delivery day. */
  leadDays: z.number({ error: M.days }).int(M.days).min(0, M.days).max(30, M.days),
  /** Null: priced by the distance tariff of the courier method. */
  priceKopecks: money.nullable(),
  /** Null: the courier method's own threshold (Настройки → Бесплатная доставка). */
  freeFromKopecks: money.nullable(),
})
export type CourierZoneInput = z.infer<typeof courierZoneInput>

export const courierZoneView = courierZoneInput.extend({ cityCode: z.string(), cityName: z.string(), region: z.string() })
export type CourierZoneView = z.infer<typeof courierZoneView>

/**
 * The price of pickup at the shop's own points (ADR 195): one price for every point, free from a
 * threshold, and the days it takes. Kept as the method's tariff rows and threshold, so the checkout
 * prices it as before.
 */
const days = z.number({ error: M.days }).int(M.days).min(0, M.days).max(30, M.days)
export const ownPickupTermsInput = z
  .object({
    priceKopecks: money,
    /** Null: never free. */
    freeFromKopecks: money.nullable(),
    daysFrom: days,
    daysTo: days,
  })
  .refine((t) => t.daysTo >= t.daysFrom, { message: M.daysOrder, path: ['daysTo'] })
export type OwnPickupTermsInput = z.infer<typeof ownPickupTermsInput>
export const ownPickupTermsView = z.object({ priceKopecks: z.number(), freeFromKopecks: z.number().nullable(), daysFrom: z.number(), daysTo: z.number() })
export type OwnPickupTermsView = z.infer<typeof ownPickupTermsView>

export const pointIdParams = z.object({ id: z.string().trim().min(1).max(100) })
export const zoneCityParams = z.object({ city: z.string().trim().min(1).max(100) })
