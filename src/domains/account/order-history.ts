/**
 * Order history as the account shows it (spec 3, "Order (history)"): our own order rows translated
 * into the spec's fields. Pure, so the mapping is tested without a database.
 */

export type DeliveryKind = 'courier' | 'postal' | 'point'

export interface HistoryProduct {
  img: string
  link: string
  name: string
  properties: Record<string, string>
  quantity: number
}

export interface HistoryOrder {
  id: number
  number: string
  fitoId: string | null
  /** dd.mm.yyyy, Moscow time */
  date: string
  status: { NAME: string; COLOR: string }
  track: string | null
  /** The carrier's last status and its date, when the parcel is registered with one (ADR 188). */
  carrierStatus?: string | null
  deliveryTrackLink: string | null
  products: HistoryProduct[]
  typeDelivery: DeliveryKind | null
  nameDelivery: string
  address: string
  payment: string
  total: string
  /** Where 'Оплатить' leads; only for an order awaiting payment. */
  payUrl: string | null
  /** 'Отменить заказ' is offered: nothing paid, nothing started (ADR 100). */
  canCancel: boolean
}

export function deliveryKind(type: string | undefined): DeliveryKind | null {
  if (type === 'courier') return 'courier'
  if (type === 'postal') return 'postal'
  if (type === 'pickup') return 'point'
  return null
}

export const DELIVERY_KIND_LABEL: Record<DeliveryKind, string> = {
  courier: 'Курьер',
  postal: 'Почта',
  point: 'Пункт выдачи',
}

export function historyDate(at: Date): string {
  return new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at)
}

export function propText(props: Record<string, string>, code: string): string | null {
  const value = props[code]?.trim()
  return value ? value : null
}
