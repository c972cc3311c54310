import { toCsv } from '@/lib/csv'
import { ORDER_STATUS, type OrderStatus } from './order-status'

/** The fields of a list line the export writes (the list item has them all). */
export interface OrderCsvRow {
  id: number
  createdAt: string
  status: OrderStatus
  paid: boolean
  buyerName: string
  phone: string
  email: string
  city: string
  deliveryName: string
  paySystemName: string
  couponCode: string | null
  items: number
  goodsPrice: number
  deliveryPrice: number
  total: number
  trackNumber: string | null
}

export const ORDER_CSV_HEADER = [
  'Номер',
  'Дата',
  'Статус',
  'Оплата',
  'Покупатель',
  'Телефон',
  'E-mail',
  'Город',
  'Доставка',
  'Способ оплаты',
  'Промокод',
  'Товаров, шт.',
  'Товары, руб.',
  'Доставка, руб.',
  'Итого, руб.',
  'Трек-номер',
] as const

/** Rubles as Russian Excel reads a number: comma before the kopecks, no thousands separator. */
export function csvRubles(kopecks: number): string {
  const sign = kopecks < 0 ? '-' : ''
  const abs = Math.abs(kopecks)
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`
}

/** 'ДД.ММ.ГГГГ ЧЧ:ММ' in Moscow time, which Russian Excel takes as a date. */
export function csvMoscowTime(iso: string): string {
  const at = new Date(new Date(iso).getTime() + 3 * 3600_000)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(at.getUTCDate())}.${two(at.getUTCMonth() + 1)}.${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`
}

/** The order list as CSV (`;`, CRLF, quoting by src/lib/csv.ts); the answer adds the BOM. */
export function ordersCsv(rows: readonly OrderCsvRow[]): string {
  return toCsv(
    ORDER_CSV_HEADER,
    rows.map((r) => [
      r.id,
      csvMoscowTime(r.createdAt),
      ORDER_STATUS[r.status].label,
      r.paid ? 'Оплачен' : 'Не оплачен',
      r.buyerName,
      r.phone,
      r.email,
      r.city,
      r.deliveryName,
      r.paySystemName,
      r.couponCode ?? '',
      r.items,
      csvRubles(r.goodsPrice),
      csvRubles(r.deliveryPrice),
      csvRubles(r.total),
      r.trackNumber ?? '',
    ]),
  )
}
