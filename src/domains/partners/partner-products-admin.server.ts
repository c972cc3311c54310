import 'server-only'
import { and, asc, eq } from 'drizzle-orm'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { partnerProducts, partners, products } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import { changed, invalid, parsed } from '@/domains/edits/edits'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import {
  PARTNER_PRODUCT_MESSAGES as M,
  partnerProductInput,
  partnerProductPatch,
  type PartnerProductView,
} from './partner-products-admin.schema'

/**
 * Which products a partner sells (ADR 209): the rows the cards' «Где купить» modal, the product
 * page's partner list and the pharmacy finder read. Each write locks the partner, writes its audit
 * line ('partner_product', id `partner:product`) and announces 'catalog', the tag those are cached
 * under, in one transaction. A link is only a pointer to the partner's page: removing it is allowed.
 */
const TAGS = ['catalog'] as const

const objectId = (partnerId: number, productId: number) => `${partnerId}:${productId}`

export async function listPartnerProducts(
  q: Db | Tx,
  partnerId: number,
): Promise<{ items: PartnerProductView[] }> {
  const [partner] = await q.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId))
  if (!partner) throw new Refusal('not-found', M.partnerNotFound)
  const items = await q
    .select({
      productId: partnerProducts.productId,
      code: products.code,
      name: products.name,
      published: products.active,
      link: partnerProducts.link,
    })
    .from(partnerProducts)
    .innerJoin(products, eq(products.id, partnerProducts.productId))
    .where(eq(partnerProducts.partnerId, partnerId))
    .orderBy(asc(products.name), asc(products.id))
  return { items }
}

async function lockedPartner(tx: Tx, partnerId: number) {
  const [partner] = await tx
    .select({ id: partners.id, link: partners.link })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .for('update')
  if (!partner) throw new Refusal('not-found', M.partnerNotFound)
  return partner
}

async function currentLink(tx: Tx, partnerId: number, productId: number) {
  const [row] = await tx
    .select({ link: partnerProducts.link })
    .from(partnerProducts)
    .where(and(eq(partnerProducts.partnerId, partnerId), eq(partnerProducts.productId, productId)))
  return row?.link
}

export async function addPartnerProduct(
  q: Db,
  actor: Actor,
  partnerId: number,
  input: unknown,
): Promise<{ items: PartnerProductView[] }> {
  const body = parsed(partnerProductInput, input)
  await q.transaction(async (tx) => {
    const partner = await lockedPartner(tx, partnerId)
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, body.productId))
    if (!product) throw invalid([{ field: 'productId', message: M.productNotFound }])
    // The partner's row lock serialises additions to one partner, so the check and the insert agree.
    if ((await currentLink(tx, partnerId, body.productId)) !== undefined)
      throw invalid([{ field: 'productId', message: M.already }])
    const row = { partnerId, productId: body.productId, link: body.link ?? partner.link }
    await tx.insert(partnerProducts).values(row)
    await recordChange(tx, actor, {
      objectType: 'partner_product',
      objectId: objectId(partnerId, body.productId),
      action: 'create',
      after: row,
    })
    await announceChanges(tx, TAGS)
  })
  return listPartnerProducts(q, partnerId)
}

export async function updatePartnerProduct(
  q: Db,
  actor: Actor,
  partnerId: number,
  productId: number,
  input: unknown,
): Promise<{ items: PartnerProductView[] }> {
  const patch = parsed(partnerProductPatch, input)
  await q.transaction(async (tx) => {
    await lockedPartner(tx, partnerId)
    const link = await currentLink(tx, partnerId, productId)
    if (link === undefined) throw new Refusal('not-found', M.notSold)
    const { before, after } = changed({ link }, patch)
    if (Object.keys(after).length === 0) return
    await tx
      .update(partnerProducts)
      .set(after)
      .where(and(eq(partnerProducts.partnerId, partnerId), eq(partnerProducts.productId, productId)))
    await recordChange(tx, actor, {
      objectType: 'partner_product',
      objectId: objectId(partnerId, productId),
      action: 'update',
      before,
      after,
    })
    await announceChanges(tx, TAGS)
  })
  return listPartnerProducts(q, partnerId)
}

export async function removePartnerProduct(
  q: Db,
  actor: Actor,
  partnerId: number,
  productId: number,
): Promise<{ items: PartnerProductView[] }> {
  await q.transaction(async (tx) => {
    await lockedPartner(tx, partnerId)
    const link = await currentLink(tx, partnerId, productId)
    if (link === undefined) throw new Refusal('not-found', M.notSold)
    await tx
      .delete(partnerProducts)
      .where(and(eq(partnerProducts.partnerId, partnerId), eq(partnerProducts.productId, productId)))
    await recordChange(tx, actor, {
      objectType: 'partner_product',
      objectId: objectId(partnerId, productId),
      action: 'delete',
      before: { partnerId, productId, link },
    })
    await announceChanges(tx, TAGS)
  })
  return listPartnerProducts(q, partnerId)
}
