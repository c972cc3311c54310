import 'server-only'
import { db, type Db, type Tx } from '@/db/client'
import { countOrders, orderFilterChoices, selectOrderPage, type OrderListRow } from './order-admin.db'
import type { OrderFilter, OrderListQuery } from './order-admin.schema'
import { ordersCsv } from './order-csv'

/** One line of the back office's order list, as the page and the API show it. */
export function listItem(row: OrderListRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    paid: row.paidAt !== null,
    paidAt: row.paidAt?.toISOString() ?? null,
    buyerName: row.buyerName,
    phone: row.phone,
    email: row.email,
    city: row.locationName,
    deliveryName: row.deliveryName,
    paySystemCode: row.paySystemCode,
    paySystemName: row.paySystemName,
    couponCode: row.couponCode,
    items: row.items,
    goodsPrice: row.goodsPrice,
    deliveryPrice: row.deliveryPrice,
    total: row.total,
    trackNumber: row.trackNumber,
  }
}
export type OrderListItem = ReturnType<typeof listItem>

/** Counted exactly up to this many; beyond it the list says "more than" (countOrders). */
export const COUNT_CAP = 1_000

export interface OrderPage {
  items: OrderListItem[]
  /** Exact when `totalExact`, else the filter finds more than this. */
  total: number
  totalExact: boolean
  page: number
  limit: number
  pages: number
}

/** A page of the filtered list and how many orders the filter finds, read together. */
export async function listOrders(query: OrderListQuery, q: Db | Tx = db(), cap = COUNT_CAP): Promise<OrderPage> {
  const [rows, total] = await Promise.all([
    selectOrderPage(q, query, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    countOrders(q, query, cap),
  ])
  const exact = total <= cap
  const counted = Math.min(total, cap)
  // Past the cap the list still goes on while pages come back full.
  const pages = exact ? Math.ceil(counted / query.limit) : Math.max(Math.ceil(counted / query.limit), query.page + (rows.length === query.limit ? 1 : 0))
  return { items: rows.map(listItem), total: counted, totalExact: exact, page: query.page, limit: query.limit, pages: Math.max(1, pages) }
}

/** More than this is not a spreadsheet anyone opens; the filter narrows it. */
export const EXPORT_MAX_ROWS = 100_000

/** The whole filtered list as CSV in the list's order, one read (one snapshot of the list). */
export async function exportOrdersCsv(filter: OrderFilter, q: Db | Tx = db()): Promise<string> {
  const rows = await selectOrderPage(q, filter, { offset: 0, limit: EXPORT_MAX_ROWS })
  return ordersCsv(rows.map(listItem))
}

export function orderListChoices(q: Db | Tx = db()) {
  return orderFilterChoices(q)
}
