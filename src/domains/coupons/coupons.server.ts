import 'server-only'
import type { Db, Tx } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import { normalizeCouponCode } from '@/domains/checkout/checkout'
import type { Actor } from '@/domains/staff/permissions'
import { now } from '@/lib/clock'
import { Refusal } from '@/lib/refusal'
import type { z } from 'zod'
import {
  codeTaken,
  insertCoupon,
  lockCoupon,
  offerExists,
  ordersWithCoupon,
  removeCoupon,
  selectCoupon,
  selectCoupons,
  setCoupon,
  type CouponRecord,
  type NewCoupon,
} from './coupons.db'
import {
  COUPON_MESSAGES as M,
  couponInput,
  couponPatch,
  couponProblems,
  type CouponListQuery,
  type CouponView,
} from './coupons.schema'
import { couponState } from './coupons'

/**
 * The coupons as staff run them (ADR 162): the list with usage counts, new promo and gift coupons,
 * changes, and the end of a coupon. The checkout's rules stay in checkout.ts (evaluateCoupon) and its
 * guards in the order transaction; this domain only writes the rows they read. A coupon that any
 * order names is never deleted, only ended: orders and the audit keep pointing at it.
 */

export const COUPONS_PAGE_SIZE = 50

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function toCouponView(c: CouponRecord, at: Date = now()): CouponView {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    value: c.value,
    discountName: c.discountName,
    minSum: c.minSum,
    startsAt: iso(c.startsAt),
    expiresAt: iso(c.expiresAt),
    maxUses: c.maxUses,
    perBuyerLimit: c.perBuyerLimit,
    usedCount: c.usedCount,
    giftOfferId: c.giftOfferId,
    giftName: c.giftName,
    active: c.active,
    endedAt: iso(c.endedAt),
    createdAt: c.createdAt.toISOString(),
    state: couponState(c, at),
  }
}

function invalid(errors: { field: string; message: string }[]): Refusal {
  return new Refusal('invalid', errors[0]?.message ?? M.format, { error: errors[0]?.message ?? M.format, errors })
}

function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const seen = new Set<string>()
  const errors = result.error.issues
    .map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }))
    .filter((e) => !seen.has(e.field) && Boolean(seen.add(e.field)))
  throw invalid(errors)
}

export async function listCoupons(q: Db | Tx, query: CouponListQuery) {
  const { rows, total } = await selectCoupons(q, { q: query.q, state: query.state }, COUPONS_PAGE_SIZE, (query.page - 1) * COUPONS_PAGE_SIZE)
  const at = now()
  return { items: rows.map((r) => toCouponView(r, at)), total, page: query.page, pageSize: COUPONS_PAGE_SIZE }
}

export async function couponById(q: Db | Tx, id: number): Promise<CouponView> {
  const row = await selectCoupon(q, id)
  if (!row) throw new Refusal('not-found', M.notFound)
  return toCouponView(row)
}

async function checkReferences(tx: Tx, values: { code?: string; giftOfferId?: number | null }, id = 0): Promise<void> {
  const errors: { field: string; message: string }[] = []
  if (values.code !== undefined && (await codeTaken(tx, values.code, id))) errors.push({ field: 'code', message: M.codeTaken })
  if (values.giftOfferId != null && !(await offerExists(tx, values.giftOfferId))) errors.push({ field: 'giftOfferId', message: M.giftOfferGone })
  if (errors.length) throw invalid(errors)
}

const dateOf = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value))

export async function createCoupon(q: Db, actor: Actor, input: unknown): Promise<CouponView> {
  const c = parsed(couponInput, input)
  const values: NewCoupon = {
    ...c,
    code: normalizeCouponCode(c.code),
    value: c.kind === 'gift' ? 0 : c.value,
    giftOfferId: c.kind === 'gift' ? c.giftOfferId : null,
    startsAt: dateOf(c.startsAt),
    expiresAt: dateOf(c.expiresAt),
  }
  const id = await q.transaction(async (tx) => {
    await checkReferences(tx, values)
    const id = await insertCoupon(tx, values)
    await recordChange(tx, actor, { objectType: 'coupon', objectId: id, action: 'create', after: values })
    return id
  })
  return couponById(q, id)
}

export async function updateCoupon(q: Db, actor: Actor, id: number, input: unknown): Promise<CouponView> {
  const patch = parsed(couponPatch, input)
  await q.transaction(async (tx) => {
    const current = await lockCoupon(tx, id)
    if (!current) throw new Refusal('not-found', M.notFound)
    if (current.endedAt) throw new Refusal('conflict', M.ended)
    const change: Partial<NewCoupon> = {
      ...patch,
      code: patch.code === undefined ? undefined : normalizeCouponCode(patch.code),
      startsAt: dateOf(patch.startsAt),
      expiresAt: dateOf(patch.expiresAt),
    }
    for (const key of Object.keys(change) as (keyof typeof change)[]) if (change[key] === undefined) delete change[key]
    const next = { ...current, ...change }
    const problems = couponProblems({
      kind: next.kind,
      value: next.value,
      giftOfferId: next.giftOfferId,
      startsAt: iso(next.startsAt ?? null),
      expiresAt: iso(next.expiresAt ?? null),
    }).map((p) => ({ field: p.path, message: p.message }))
    if (next.maxUses != null && next.maxUses < current.usedCount) problems.push({ field: 'maxUses', message: M.maxUsesBelowUsed(current.usedCount) })
    if (problems.length) throw invalid(problems)
    await checkReferences(tx, { code: change.code, giftOfferId: change.giftOfferId }, id)
    if (Object.keys(change).length === 0) return
    await setCoupon(tx, id, change)
    const before = Object.fromEntries(Object.keys(change).map((k) => [k, current[k as keyof typeof current]]))
    await recordChange(tx, actor, { objectType: 'coupon', objectId: id, action: 'update', before, after: change })
  })
  return couponById(q, id)
}

/** Ends a coupon for good: it never applies again, and it stays for the orders that used it. */
export async function endCoupon(q: Db, actor: Actor, id: number): Promise<CouponView> {
  await q.transaction(async (tx) => {
    const current = await lockCoupon(tx, id)
    if (!current) throw new Refusal('not-found', M.notFound)
    if (current.endedAt) return
    const endedAt = now()
    await setCoupon(tx, id, { endedAt, active: false })
    await recordChange(tx, actor, {
      objectType: 'coupon',
      objectId: id,
      action: 'end',
      before: { active: current.active, endedAt: null },
      after: { active: false, endedAt: endedAt.toISOString() },
    })
  })
  return couponById(q, id)
}

/** Deletes a coupon no order ever named (a typo, a test); a used one is refused: end it instead. */
export async function deleteCoupon(q: Db, actor: Actor, id: number): Promise<{ deleted: true }> {
  await q.transaction(async (tx) => {
    const current = await lockCoupon(tx, id)
    if (!current) throw new Refusal('not-found', M.notFound)
    if (current.usedCount > 0 || (await ordersWithCoupon(tx, id)) > 0) throw new Refusal('conflict', M.used)
    await removeCoupon(tx, id)
    await recordChange(tx, actor, { objectType: 'coupon', objectId: id, action: 'delete', before: current })
  })
  return { deleted: true }
}
