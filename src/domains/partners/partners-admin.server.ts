import 'server-only'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { distributors, partnerOutlets, partnerProducts, partners } from '@/db/schema'
import { changed, parsed } from '@/domains/edits/edits'
import {
  audited,
  ensureCodeFree,
  lockedRow,
  lockRow,
  lockTable,
  type CodeRule,
} from '@/domains/edits/edits.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import {
  PARTNER_MESSAGES as M,
  distributorInput,
  distributorPatch,
  outletInput,
  outletPatch,
  partnerInput,
  partnerPatch,
  type DistributorView,
  type PartnerView,
} from './partners-admin.schema'

/**
 * Partner pharmacies (the cards' «Где купить», the product page's map) and the home page's
 * distributors, as staff run them (ADR 202). Each write locks its row, writes its audit line and
 * announces the tag the storefront caches them under (ADR 160) in one transaction: partners and
 * their outlets are cached with the catalogue ('catalog'), distributors with the home page ('content').
 * Nothing here deletes a partner or a distributor: hiding keeps what links to them; an outlet, which
 * nothing links to, may be removed.
 */
const PARTNER_TAGS = ['catalog'] as const
const DISTRIBUTOR_TAGS = ['content'] as const

const partnerColumns = {
  id: partners.id,
  code: partners.code,
  title: partners.title,
  link: partners.link,
  image: partners.image,
  sort: partners.sort,
  active: partners.active,
  products: sql<number>`(select count(*)::int from ${partnerProducts} pp where pp.partner_id = "partners"."id")`,
}
/** What a PATCH may change, read under the row's lock as the audit's before. */
const { id: _pid, products: _products, ...partnerEditable } = partnerColumns

async function outletsOf(q: Db | Tx, partnerIds: number[]) {
  if (partnerIds.length === 0) return []
  return q
    .select({
      id: partnerOutlets.id,
      partnerId: partnerOutlets.partnerId,
      code: partnerOutlets.code,
      name: partnerOutlets.name,
      address: partnerOutlets.address,
      lat: partnerOutlets.lat,
      lon: partnerOutlets.lon,
    })
    .from(partnerOutlets)
    .where(inArray(partnerOutlets.partnerId, partnerIds))
    .orderBy(asc(partnerOutlets.id))
}

export async function listPartners(q: Db | Tx): Promise<{ items: PartnerView[] }> {
  const rows = await q.select(partnerColumns).from(partners).orderBy(asc(partners.sort), asc(partners.id))
  const outlets = await outletsOf(
    q,
    rows.map((r) => r.id),
  )
  return {
    items: rows.map((r) => ({
      ...r,
      products: Number(r.products),
      outlets: outlets.filter((o) => o.partnerId === r.id).map(({ partnerId: _p, ...o }) => o),
    })),
  }
}

export async function partnerById(q: Db | Tx, id: number): Promise<PartnerView> {
  const [row] = await q.select(partnerColumns).from(partners).where(eq(partners.id, id))
  if (!row) throw new Refusal('not-found', M.partnerNotFound)
  const outlets = await outletsOf(q, [id])
  return { ...row, products: Number(row.products), outlets: outlets.map(({ partnerId: _p, ...o }) => o) }
}

const PARTNER_CODE: CodeRule = { table: partners, column: partners.code, anyCase: true }
const OUTLET_CODE: CodeRule = { table: partnerOutlets, column: partnerOutlets.code, anyCase: true }
const DISTRIBUTOR_CODE: CodeRule = { table: distributors, column: distributors.code, anyCase: true }

export async function createPartner(q: Db, actor: Actor, input: unknown): Promise<PartnerView> {
  const p = parsed(partnerInput, input)
  const id = await q.transaction(async (tx) => {
    await lockTable(tx, partners)
    await ensureCodeFree(tx, PARTNER_CODE, p.code)
    const [row] = await tx.insert(partners).values(p).returning({ id: partners.id })
    await audited(
      tx,
      actor,
      { objectType: 'partner', objectId: row!.id, action: 'create', after: p },
      PARTNER_TAGS,
    )
    return row!.id
  })
  return partnerById(q, id)
}

export async function updatePartner(q: Db, actor: Actor, id: number, input: unknown): Promise<PartnerView> {
  const patch = parsed(partnerPatch, input)
  await q.transaction(async (tx) => {
    const current = await lockedRow(tx, partners, id, partnerEditable, M.partnerNotFound)
    const { before, after } = changed(current, patch)
    if (Object.keys(after).length === 0) return
    await ensureCodeFree(tx, PARTNER_CODE, after.code, id)
    await tx.update(partners).set(after).where(eq(partners.id, id))
    await audited(
      tx,
      actor,
      { objectType: 'partner', objectId: id, action: 'update', before, after },
      PARTNER_TAGS,
    )
  })
  return partnerById(q, id)
}

export async function addOutlet(
  q: Db,
  actor: Actor,
  partnerId: number,
  input: unknown,
): Promise<PartnerView> {
  const o = parsed(outletInput, input)
  await q.transaction(async (tx) => {
    await lockRow(tx, partners, partnerId, M.partnerNotFound)
    await lockTable(tx, partnerOutlets)
    await ensureCodeFree(tx, OUTLET_CODE, o.code)
    const [row] = await tx
      .insert(partnerOutlets)
      .values({ ...o, partnerId })
      .returning({ id: partnerOutlets.id })
    await audited(
      tx,
      actor,
      { objectType: 'partner_outlet', objectId: row!.id, action: 'create', after: { ...o, partnerId } },
      PARTNER_TAGS,
    )
  })
  return partnerById(q, partnerId)
}

export async function updateOutlet(q: Db, actor: Actor, id: number, input: unknown): Promise<PartnerView> {
  const patch = parsed(outletPatch, input)
  const partnerId = await q.transaction(async (tx) => {
    const { partnerId: owner, ...fields } = await lockedRow(
      tx,
      partnerOutlets,
      id,
      {
        partnerId: partnerOutlets.partnerId,
        code: partnerOutlets.code,
        name: partnerOutlets.name,
        address: partnerOutlets.address,
        lat: partnerOutlets.lat,
        lon: partnerOutlets.lon,
      },
      M.outletNotFound,
    )
    const { before, after } = changed(fields, patch)
    if (Object.keys(after).length === 0) return owner
    await ensureCodeFree(tx, OUTLET_CODE, after.code, id)
    await tx.update(partnerOutlets).set(after).where(eq(partnerOutlets.id, id))
    await audited(
      tx,
      actor,
      { objectType: 'partner_outlet', objectId: id, action: 'update', before, after },
      PARTNER_TAGS,
    )
    return owner
  })
  return partnerById(q, partnerId)
}

/** An outlet is only a marker on the partner's map: nothing else names it, so it may go. */
export async function removeOutlet(q: Db, actor: Actor, id: number): Promise<PartnerView> {
  const partnerId = await q.transaction(async (tx) => {
    const [current] = await tx.select().from(partnerOutlets).where(eq(partnerOutlets.id, id)).for('update')
    if (!current) throw new Refusal('not-found', M.outletNotFound)
    await tx.delete(partnerOutlets).where(eq(partnerOutlets.id, id))
    const { id: _id, ...before } = current
    await audited(
      tx,
      actor,
      { objectType: 'partner_outlet', objectId: id, action: 'delete', before },
      PARTNER_TAGS,
    )
    return current.partnerId
  })
  return partnerById(q, partnerId)
}

const distributorColumns = {
  id: distributors.id,
  code: distributors.code,
  title: distributors.title,
  link: distributors.link,
  image: distributors.image,
  sort: distributors.sort,
  active: distributors.active,
}
const { id: _did, ...distributorEditable } = distributorColumns

export async function listDistributors(q: Db | Tx): Promise<{ items: DistributorView[] }> {
  return {
    items: await q
      .select(distributorColumns)
      .from(distributors)
      .orderBy(asc(distributors.sort), asc(distributors.id)),
  }
}

export async function distributorById(q: Db | Tx, id: number): Promise<DistributorView> {
  const [row] = await q.select(distributorColumns).from(distributors).where(eq(distributors.id, id))
  if (!row) throw new Refusal('not-found', M.distributorNotFound)
  return row
}

export async function createDistributor(q: Db, actor: Actor, input: unknown): Promise<DistributorView> {
  const d = parsed(distributorInput, input)
  const id = await q.transaction(async (tx) => {
    await lockTable(tx, distributors)
    await ensureCodeFree(tx, DISTRIBUTOR_CODE, d.code)
    const [row] = await tx.insert(distributors).values(d).returning({ id: distributors.id })
    await audited(
      tx,
      actor,
      { objectType: 'distributor', objectId: row!.id, action: 'create', after: d },
      DISTRIBUTOR_TAGS,
    )
    return row!.id
  })
  return distributorById(q, id)
}

export async function updateDistributor(
  q: Db,
  actor: Actor,
  id: number,
  input: unknown,
): Promise<DistributorView> {
  const patch = parsed(distributorPatch, input)
  await q.transaction(async (tx) => {
    const current = await lockedRow(tx, distributors, id, distributorEditable, M.distributorNotFound)
    const { before, after } = changed(current, patch)
    if (Object.keys(after).length === 0) return
    await ensureCodeFree(tx, DISTRIBUTOR_CODE, after.code, id)
    await tx.update(distributors).set(after).where(eq(distributors.id, id))
    await audited(
      tx,
      actor,
      { objectType: 'distributor', objectId: id, action: 'update', before, after },
      DISTRIBUTOR_TAGS,
    )
  })
  return distributorById(q, id)
}
