import { z } from 'zod'
import { COUPON_KINDS } from '@/db/schema/checkout'
import { COUPON_STATES } from './coupons'

/**
 * What staff enter for a coupon (ADR 162): one schema for the API and the back office's form. Money
 * in kopecks, dates as ISO 8601 instants; every message is the form's, in Russian.
 */
export const COUPON_MESSAGES = {
  code: 'Код — от 3 до 40 латинских букв, цифр, «-» или «_».',
  kind: 'Выберите тип: процент, сумма или подарок.',
  percent: 'Скидка в процентах — целое число от 1 до 100.',
  fixed: 'Скидка — сумма больше 0 ₽.',
  giftOffer: 'Выберите товар-подарок.',
  giftOfferGone: 'Такого товара нет.',
  minSum: 'Минимальная сумма — от 0 ₽.',
  date: 'Введите дату и время.',
  dateOrder: 'Окончание действия должно быть позже начала.',
  limit: 'Лимит — целое число от 1; пусто — без ограничения.',
  name: 'Не длиннее 100 символов.',
  maxUsesBelowUsed: (used: number) => `Промокод уже использован ${used} раз: лимит не может быть меньше.`,
  codeTaken: 'Промокод с таким кодом уже есть.',
  notFound: 'Промокод не найден.',
  ended: 'Промокод завершён: его нельзя изменить.',
  used: 'Промокод уже использовали в заказах: его можно только завершить.',
  format: 'Неверный формат значения.',
} as const

const M = COUPON_MESSAGES

const instant = z.iso.datetime({ offset: true, error: M.date })
const limit = z.number({ error: M.limit }).int({ error: M.limit }).min(1, { error: M.limit }).max(10_000_000, { error: M.limit })

const fields = {
  code: z.string({ error: M.code }).trim().regex(/^[A-Za-z0-9_-]{3,40}$/, { error: M.code }),
  kind: z.enum(COUPON_KINDS, { error: M.kind }),
  /** Percent (1..100) for 'percent', kopecks for 'fixed', 0 for 'gift'. */
  value: z.number({ error: M.format }).int({ error: M.format }).min(0, { error: M.format }).max(100_000_000, { error: M.format }),
  discountName: z.string({ error: M.name }).trim().max(100, { error: M.name }),
  minSum: z.number({ error: M.minSum }).int({ error: M.minSum }).min(0, { error: M.minSum }).max(100_000_000, { error: M.minSum }),
  startsAt: instant.nullable(),
  expiresAt: instant.nullable(),
  maxUses: limit.nullable(),
  perBuyerLimit: limit.nullable(),
  giftOfferId: z.number({ error: M.giftOffer }).int({ error: M.giftOffer }).positive({ error: M.giftOffer }).nullable(),
  active: z.boolean({ error: M.format }),
}

type CouponFields = { [K in keyof typeof fields]: z.output<(typeof fields)[K]> }

/** The rules between fields, for a new coupon and for a coupon with a change applied. */
export function couponProblems(c: Pick<CouponFields, 'kind' | 'value' | 'startsAt' | 'expiresAt' | 'giftOfferId'>): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = []
  if (c.kind === 'percent' && (c.value < 1 || c.value > 100)) out.push({ path: 'value', message: M.percent })
  if (c.kind === 'fixed' && c.value < 1) out.push({ path: 'value', message: M.fixed })
  if (c.kind === 'gift' && c.giftOfferId === null) out.push({ path: 'giftOfferId', message: M.giftOffer })
  if (c.startsAt && c.expiresAt && Date.parse(c.expiresAt) <= Date.parse(c.startsAt)) out.push({ path: 'expiresAt', message: M.dateOrder })
  return out
}

const strict = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? 'Неизвестное поле.' : M.format) }

export const couponInput = z
  .strictObject(
    {
      ...fields,
      discountName: fields.discountName.default(''),
      minSum: fields.minSum.default(0),
      value: fields.value.default(0),
      startsAt: fields.startsAt.default(null),
      expiresAt: fields.expiresAt.default(null),
      maxUses: fields.maxUses.default(null),
      perBuyerLimit: fields.perBuyerLimit.default(null),
      giftOfferId: fields.giftOfferId.default(null),
      active: fields.active.default(true),
    },
    strict,
  )
  .superRefine((c, ctx) => {
    for (const p of couponProblems(c)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message })
  })
export type CouponInput = z.output<typeof couponInput>

/** A change of some fields; never the kind (a percent coupon does not become a gift). */
export const couponPatch = z.strictObject(
  {
    code: fields.code.optional(),
    value: fields.value.optional(),
    discountName: fields.discountName.optional(),
    minSum: fields.minSum.optional(),
    startsAt: fields.startsAt.optional(),
    expiresAt: fields.expiresAt.optional(),
    maxUses: fields.maxUses.optional(),
    perBuyerLimit: fields.perBuyerLimit.optional(),
    giftOfferId: fields.giftOfferId.optional(),
    active: fields.active.optional(),
  },
  strict,
)
export type CouponPatch = z.output<typeof couponPatch>

export const couponListQuery = z.object({
  q: z.string().trim().max(40).optional(),
  state: z.enum(['all', 'active', 'ended']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export type CouponListQuery = z.output<typeof couponListQuery>

/** A coupon as the back office and the API show it. */
export const couponView = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  discountName: z.string(),
  minSum: z.number(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  perBuyerLimit: z.number().nullable(),
  usedCount: z.number(),
  giftOfferId: z.number().nullable(),
  giftName: z.string().nullable(),
  active: z.boolean(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  /** What the buyer sees now: 'active', 'scheduled', 'expired', 'used-up', 'paused' or 'ended'. */
  state: z.enum(COUPON_STATES),
})
export type CouponView = z.output<typeof couponView>
export type { CouponState } from './coupons'
