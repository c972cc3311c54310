import 'server-only'
import { db as defaultDb, type Db, type Tx } from '@/db/client'
import { eraseAccountWithin, lockAccountWithin } from '@/domains/account/account-deletion.server'
import { recordChange } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { ANONYMISED_BUYER, CUSTOMER_MESSAGES as M, customerSearch } from './customers'
import {
  addressesOf,
  countCustomers,
  markOrdersAnonymised,
  ordersOfPerson,
  reviewsOf,
  selectCustomers,
  subscriptionsOf,
  totalsByUser,
  totalsOfPerson,
  userById,
  type OrderTotals,
} from './customers.db'
import type { CustomerListQuery } from './customers.schema'

const NO_ORDERS: OrderTotals = { orders: 0, active: 0, spent: 0, paid: 0, lastOrderAt: null }

const publicTotals = (t: OrderTotals) => ({ ...t, lastOrderAt: t.lastOrderAt?.toISOString() ?? null })

/** A page of buyers, newest first, with their order totals; search by name, e-mail or phone. */
export async function listCustomers(query: CustomerListQuery, q: Db | Tx = defaultDb()) {
  const search = customerSearch(query.q)
  const [rows, total] = await Promise.all([
    selectCustomers(q, search, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    countCustomers(q, search),
  ])
  const totals = await totalsByUser(
    q,
    rows.map((r) => r.id),
  )
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), totals: publicTotals(totals.get(r.id) ?? NO_ORDERS) })),
    total,
    page: query.page,
    limit: query.limit,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  }
}
export type CustomerPage = Awaited<ReturnType<typeof listCustomers>>

const DETAIL_ORDERS = 100
const DETAIL_REVIEWS = 50

/** Everything the back office shows of one buyer: account, orders with totals, addresses, subscriptions, reviews. */
export async function customerDetail(id: number, q: Db | Tx = defaultDb()) {
  const user = await userById(q, id)
  if (!user) throw new Refusal('not-found', M.notFound)
  const [addresses, orderRows, totals, subscriptionRows, reviewRows] = await Promise.all([
    addressesOf(q, id),
    ordersOfPerson(q, id, DETAIL_ORDERS),
    totalsOfPerson(q, id),
    subscriptionsOf(q, user),
    reviewsOf(q, id, DETAIL_REVIEWS),
  ])
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    birthday: user.birthday,
    createdAt: user.createdAt.toISOString(),
    hasPassword: user.passwordHash !== null,
    /** The newsletter box of the account and of its orders. */
    subscribed: user.subscribed,
    addresses,
    totals: publicTotals(totals),
    orders: orderRows.map((o) => ({ ...o, createdAt: o.createdAt.toISOString(), paidAt: o.paidAt?.toISOString() ?? null })),
    subscriptions: subscriptionRows.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), confirmedAt: s.confirmedAt?.toISOString() ?? null })),
    reviews: reviewRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  }
}
export type CustomerDetail = Awaited<ReturnType<typeof customerDetail>>

export const ANONYMISE_BLOCKED = (ids: readonly number[]) =>
  ids.length === 1
    ? `Сначала завершите или отмените заказ №${ids[0]}: он оплачен и ещё не получен, для него нужны адрес и телефон.`
    : `Сначала завершите или отмените заказы №${ids.join(', №')}: они оплачены и ещё не получены, для них нужны адрес и телефон.`

/**
 * A buyer's request under 152-ФЗ, carried out by staff: the same erasure as the buyer's own delete
 * (ADR 100: unpaid orders cancelled, the account and its traces removed, refused while a paid order
 * is on its way), and the kept orders show a placeholder for the buyer. Lines, sums, dates and
 * statuses stay for accounting. The audit line names the orders, never the person: keeping the
 * name there would keep what was erased.
 */
export async function anonymiseCustomer(actor: Actor, id: number, q: Db = defaultDb()): Promise<{ orders: number[]; message: string }> {
  return q.transaction(async (tx) => {
    const row = await lockAccountWithin(tx, id)
    if (!row) throw new Refusal('not-found', M.notFound)
    const kept = await eraseAccountWithin(tx, row, ANONYMISE_BLOCKED)
    await markOrdersAnonymised(tx, kept, ANONYMISED_BUYER)
    await recordChange(tx, actor, { objectType: 'customer', objectId: id, action: 'anonymise', before: { orders: kept.length }, after: { orders: kept } })
    return { orders: kept, message: M.anonymised(kept.length) }
  })
}
