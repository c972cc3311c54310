import 'server-only'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { distributors, partnerOutlets, partnerProducts, partners } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import { EDIT_MESSAGES, changed, invalid, parsed } from '@/domains/edits/edits'
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

async function codeTaken(
  tx: Tx,
  table: typeof partners | typeof distributors | typeof partnerOutlets,
  value: string,
  except = 0,
): Promise<boolean> {
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(sql`lower(${table.code}) = lower(${value})`, ne(table.id, except)))
  return rows.length > 0
}

export async function createPartner(q: Db, actor: Actor, input: unknown): Promise<PartnerView> {
  const p = parsed(partnerInput, input)
  const id = await q.transaction(async (tx) => {
    await tx.execute(sql`lock table ${partners} in share row exclusive mode`)
    if (await codeTaken(tx, partners, p.code))
      throw invalid([{ field: 'code', message: EDIT_MESSAGES.codeTaken }])
    const [row] = await tx.insert(partners).values(p).returning({ id: partners.id })
    await recordChange(tx, actor, { objectType: 'partner', objectId: row!.id, action: 'create', after: p })
    await announceChanges(tx, PARTNER_TAGS)
    return row!.id
  })
  return partnerById(q, id)
}

export async function updatePartner(q: Db, actor: Actor, id: number, input: unknown): Promise<PartnerView> {
  const patch = parsed(partnerPatch, input)
  await q.transaction(async (tx) => {
    const [current] = await tx
      .select({
        code: partners.code,
        title: partners.title,
        link: partners.link,
        image: partners.image,
        sort: partners.sort,
        active: partners.active,
      })
      .from(partners)
      .where(eq(partners.id, id))
      .for('update')
    if (!current) throw new Refusal('not-found', M.partnerNotFound)
    const { before, after } = changed(current, patch)
    if (Object.keys(after).length === 0) return
    if (after.code !== undefined && (await codeTaken(tx, partners, after.code, id)))
      throw invalid([{ field: 'code', message: EDIT_MESSAGES.codeTaken }])
    await tx.update(partners).set(after).where(eq(partners.id, id))
    await recordChange(tx, actor, { objectType: 'partner', objectId: id, action: 'update', before, after })
    await announceChanges(tx, PARTNER_TAGS)
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
    const [partner] = await tx
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.id, partnerId))
      .for('update')
    if (!partner) throw new Refusal('not-found', M.partnerNotFound)
    await tx.execute(sql`lock table ${partnerOutlets} in share row exclusive mode`)
    if (await codeTaken(tx, partnerOutlets, o.code))
      throw invalid([{ field: 'code', message: EDIT_MESSAGES.codeTaken }])
    const [row] = await tx
      .insert(partnerOutlets)
      .values({ ...o, partnerId })
      .returning({ id: partnerOutlets.id })
    await recordChange(tx, actor, {
      objectType: 'partner_outlet',
      objectId: row!.id,
      action: 'create',
      after: { ...o, partnerId },
    })
    await announceChanges(tx, PARTNER_TAGS)
  })
  return partnerById(q, partnerId)
}

export async function updateOutlet(q: Db, actor: Actor, id: number, input: unknown): Promise<PartnerView> {
  const patch = parsed(outletPatch, input)
  const partnerId = await q.transaction(async (tx) => {
    const [current] = await tx
      .select({
        partnerId: partnerOutlets.partnerId,
        code: partnerOutlets.code,
        name: partnerOutlets.name,
        address: partnerOutlets.address,
        lat: partnerOutlets.lat,
        lon: partnerOutlets.lon,
      })
      .from(partnerOutlets)
      .where(eq(partnerOutlets.id, id))
      .for('update')
    if (!current) throw new Refusal('not-found', M.outletNotFound)
    const { partnerId: owner, ...fields } = current
    const { before, after } = changed(fields, patch)
    if (Object.keys(after).length === 0) return owner
    if (after.code !== undefined && (await codeTaken(tx, partnerOutlets, after.code, id)))
      throw invalid([{ field: 'code', message: EDIT_MESSAGES.codeTaken }])
    await tx.update(partnerOutlets).set(after).where(eq(partnerOutlets.id, id))
    await recordChange(tx, actor, {
      objectType: 'partner_outlet',
      objectId: id,
      action: 'update',
      before,
      after,
    })
    await announceChanges(tx, PARTNER_TAGS)
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
    await recordChange(tx, actor, { objectType: 'partner_outlet', objectId: id, action: 'delete', before })
    await announceChanges(tx, PARTNER_TAGS)
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
    await tx.execute(sql`lock table ${distributors} in share row exclusive mode`)
    if (await codeTaken(tx, distributors, d.code))
      throw invalid([{ field: 'code', message: EDIT_MESSAGES.codeTaken }])
    const [row] = await tx.insert(distributors).values(d).returning({ id: distributors.id })
    await recordChange(tx, actor, {
      objectType: 'distributor',
      objectId: row!.id,
      action: 'create',
      after: d,
    })
    await announceChanges(tx, DISTRIBUTOR_TAGS)
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
    const [current] = await tx
      .select({
        code: distributors.code,
        title: distributors.title,
        link: distributors.link,
        image: distributors.image,
        sort: distributors.sort,
        active: distributors.active,
      })
      .from(distributors)
      .where(eq(distributors.id, id))
      .for('update')
    if (!current) throw new Refusal('not-found', M.distributorNotFound)
    const { before, after } = changed(current, patch)
    if (Object.keys(after).length === 0) return
    if (after.code !== undefined && (await codeTaken(tx, distributors, after.code, id)))
      throw invalid([{ field: 'code', message: EDIT_MESSAGES.codeTaken }])
    await tx.update(distributors).set(after).where(eq(distributors.id, id))
    await recordChange(tx, actor, {
      objectType: 'distributor',
      objectId: id,
      action: 'update',
      before,
      after,
    })
    await announceChanges(tx, DISTRIBUTOR_TAGS)
  })
  return distributorById(q, id)
}
