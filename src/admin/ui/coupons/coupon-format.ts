import type { CouponView } from '@/domains/coupons/coupons.schema'

/** Moscow wall-clock time for a datetime-local input, and back (the shop's dates are Moscow's). */
const MSK_MS = 3 * 3600_000

export function toMoscowInput(iso: string | null): string {
  if (!iso) return ''
  return new Date(Date.parse(iso) + MSK_MS).toISOString().slice(0, 16)
}

export function fromMoscowInput(value: string): string | null {
  const v = value.trim()
  if (!v) return null
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00+03:00` : v
}

export function moscowDate(iso: string | null): string {
  if (!iso) return ''
  return new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
}

const rub = (kopecks: number) => `${(kopecks / 100).toLocaleString('ru-RU', { maximumFractionDigits: 2 })} ₽`

export function discountText(c: Pick<CouponView, 'kind' | 'value' | 'giftName' | 'giftOfferId'>): string {
  if (c.kind === 'percent') return `−${c.value}%`
  if (c.kind === 'fixed') return `−${rub(c.value)}`
  return `Подарок: ${c.giftName ?? `товар №${c.giftOfferId ?? '?'}`}`
}

export function conditionsText(c: Pick<CouponView, 'minSum' | 'startsAt' | 'expiresAt'>): string {
  const parts: string[] = []
  if (c.minSum > 0) parts.push(`от ${rub(c.minSum)}`)
  if (c.startsAt) parts.push(`с ${moscowDate(c.startsAt)}`)
  if (c.expiresAt) parts.push(`до ${moscowDate(c.expiresAt)}`)
  return parts.join(', ') || 'без условий'
}

export function usageText(c: Pick<CouponView, 'usedCount' | 'maxUses' | 'perBuyerLimit'>): string {
  const total = c.maxUses === null ? `${c.usedCount}` : `${c.usedCount} из ${c.maxUses}`
  return c.perBuyerLimit === null ? total : `${total}; на покупателя — ${c.perBuyerLimit}`
}

export { rub }
