/**
 * The coupon words and states the back office shows; no imports, so client components can take them
 * without the schema's database types.
 */
export const COUPON_STATES = ['active', 'scheduled', 'expired', 'used-up', 'paused', 'ended'] as const
export type CouponState = (typeof COUPON_STATES)[number]

export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  active: 'Действует',
  scheduled: 'Ещё не начался',
  expired: 'Срок истёк',
  'used-up': 'Лимит исчерпан',
  paused: 'Выключен',
  ended: 'Завершён',
}

export const COUPON_KIND_LABELS = { percent: 'Скидка в процентах', fixed: 'Скидка суммой', gift: 'Подарок' } as const

export function couponState(
  c: { active: boolean; endedAt: Date | null; startsAt: Date | null; expiresAt: Date | null; maxUses: number | null; usedCount: number },
  at: Date,
): CouponState {
  if (c.endedAt) return 'ended'
  if (!c.active) return 'paused'
  if (c.expiresAt && c.expiresAt <= at) return 'expired'
  if (c.maxUses !== null && c.usedCount >= c.maxUses) return 'used-up'
  if (c.startsAt && c.startsAt > at) return 'scheduled'
  return 'active'
}
