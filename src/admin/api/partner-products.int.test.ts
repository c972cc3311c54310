import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { auditLog, partnerProducts, partners, products } from '@/db/schema'
import { loadPartnerLinks } from '@/domains/catalog/catalog.server'
import { EDIT_MESSAGES } from '@/domains/edits/edits'
import {
  PARTNER_PRODUCT_MESSAGES,
  type PartnerProductView,
} from '@/domains/partners/partner-products-admin.schema'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import {
  addPartnerProductEndpoint,
  listPartnerProductsEndpoint,
  removePartnerProductEndpoint,
  updatePartnerProductEndpoint,
} from './partners'

/** Which products a partner sells, through /api/admin/ (issue 20, ADR 209), and the products' «Где купить» after each change. */

type Auth = { cookie: string }
const as: Record<'content' | 'manager' | 'warehouse', Auth> = {} as never
type List = { items: PartnerProductView[] }
type Refused = { error: string; errors?: { field: string; message: string }[] }

beforeAll(async () => {
  for (const role of ['content', 'manager', 'warehouse'] as const)
    as[role] = { cookie: (await signedInStaff(role)).cookie }
})

async function call<T = List>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  params: { id: number; productId?: number },
  body?: unknown,
) {
  const response = await callEndpoint(endpoint, auth, {
    params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    body,
  })
  return { status: response.status, body: (await response.json()) as T }
}

/** An active partner and an active product it does not sell yet. */
async function partnerAndNewProduct() {
  const [pair] = await db()
    .select({
      partnerId: partners.id,
      title: partners.title,
      link: partners.link,
      productId: products.id,
      name: products.name,
    })
    .from(partners)
    .innerJoin(products, eq(products.active, true))
    .where(
      and(
        eq(partners.active, true),
        sql`not exists (select 1 from ${partnerProducts} pp where pp.partner_id = ${partners.id} and pp.product_id = ${products.id})`,
      ),
    )
    .orderBy(partners.id, products.id)
    .limit(1)
  expect(pair).toBeDefined()
  return {
    partner: { id: pair!.partnerId, title: pair!.title, link: pair!.link },
    product: { id: pair!.productId, name: pair!.name },
  }
}

const titlesFor = async (productId: number) =>
  ((await loadPartnerLinks([productId]))[productId] ?? []).map((p) => ({ title: p.title, link: p.link }))

describe('a partner’s products through /api/admin/', () => {
  it('adds a product (with the partner’s shop as its link), changes the link and removes it; the product’s «Где купить» follows each time', async () => {
    const { partner, product } = await partnerAndNewProduct()
    // Control: before the editor adds it, the product does not list this partner (and the answer is now cached).
    expect(await titlesFor(product.id)).not.toContainEqual(expect.objectContaining({ title: partner.title }))

    const added = await call(
      addPartnerProductEndpoint,
      as.content,
      { id: partner.id },
      { productId: product.id },
    )
    expect(added.status).toBe(200)
    expect(added.body.items).toContainEqual({
      productId: product.id,
      code: expect.any(String),
      name: product.name,
      published: true,
      link: partner.link,
    })
    expect(await titlesFor(product.id)).toContainEqual({ title: partner.title, link: partner.link })

    const page = 'https://apteka.example.ru/catalog/item-42/'
    const moved = await call(
      updatePartnerProductEndpoint,
      as.content,
      { id: partner.id, productId: product.id },
      { link: page },
    )
    expect(moved.body.items.find((i) => i.productId === product.id)!.link).toBe(page)
    expect(await titlesFor(product.id)).toContainEqual({ title: partner.title, link: page })

    const removed = await call(removePartnerProductEndpoint, as.content, {
      id: partner.id,
      productId: product.id,
    })
    expect(removed.body.items.map((i) => i.productId)).not.toContain(product.id)
    expect(await titlesFor(product.id)).not.toContainEqual(expect.objectContaining({ title: partner.title }))

    const audit = await db()
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(
        and(eq(auditLog.objectType, 'partner_product'), eq(auditLog.objectId, `${partner.id}:${product.id}`)),
      )
      .orderBy(auditLog.id)
    expect(audit).toEqual([
      {
        action: 'create',
        before: null,
        after: { partnerId: partner.id, productId: product.id, link: partner.link },
      },
      { action: 'update', before: { link: partner.link }, after: { link: page } },
      { action: 'delete', before: { partnerId: partner.id, productId: product.id, link: page }, after: null },
    ])
  })

  it('the links are really cached: a row written past the editor is not seen until an edit announces the tag', async () => {
    const { partner, product } = await partnerAndNewProduct()
    expect(await titlesFor(product.id)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ title: partner.title })]),
    )
    await db()
      .insert(partnerProducts)
      .values({ partnerId: partner.id, productId: product.id, link: partner.link })
    expect(await titlesFor(product.id)).not.toContainEqual(expect.objectContaining({ title: partner.title }))
    await call(
      updatePartnerProductEndpoint,
      as.content,
      { id: partner.id, productId: product.id },
      { link: 'https://apteka.example.ru/p/1/' },
    )
    expect(await titlesFor(product.id)).toContainEqual({
      title: partner.title,
      link: 'https://apteka.example.ru/p/1/',
    })
  })

  it('refuses in Russian: a product twice, an unknown product, a javascript: link; one the partner does not sell', async () => {
    const { partner, product } = await partnerAndNewProduct()
    await call(addPartnerProductEndpoint, as.content, { id: partner.id }, { productId: product.id })
    const twice = await call<Refused>(
      addPartnerProductEndpoint,
      as.content,
      { id: partner.id },
      { productId: product.id },
    )
    expect(twice).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'productId', message: PARTNER_PRODUCT_MESSAGES.already }] },
    })
    const unknown = await call<Refused>(
      addPartnerProductEndpoint,
      as.content,
      { id: partner.id },
      { productId: 9_999_999 },
    )
    expect(unknown.body.errors).toEqual([
      { field: 'productId', message: PARTNER_PRODUCT_MESSAGES.productNotFound },
    ])
    const script = await call<Refused>(
      updatePartnerProductEndpoint,
      as.content,
      { id: partner.id, productId: product.id },
      { link: 'javascript:alert(1)' },
    )
    expect(script.body.errors).toEqual([{ field: 'link', message: EDIT_MESSAGES.link }])
    const none = await call<Refused>(addPartnerProductEndpoint, as.content, { id: partner.id }, {})
    expect(none.body.errors).toEqual([{ field: 'productId', message: PARTNER_PRODUCT_MESSAGES.product }])
    const notSold = await call<Refused>(removePartnerProductEndpoint, as.content, {
      id: partner.id,
      productId: 9_999_999,
    })
    expect(notSold).toMatchObject({ status: 404, body: { error: PARTNER_PRODUCT_MESSAGES.notSold } })
    const list = await call(listPartnerProductsEndpoint, as.warehouse, { id: partner.id })
    expect(list.body.items.filter((i) => i.productId === product.id)).toHaveLength(1)
  })

  it('the manager and the warehouse read the list but may not change it', async () => {
    const { partner, product } = await partnerAndNewProduct()
    for (const role of ['manager', 'warehouse'] as const) {
      const refused = await call<Refused>(
        addPartnerProductEndpoint,
        as[role],
        { id: partner.id },
        { productId: product.id },
      )
      expect(refused).toMatchObject({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
      expect((await call(listPartnerProductsEndpoint, as[role], { id: partner.id })).status).toBe(200)
    }
    expect(await titlesFor(product.id)).not.toContainEqual(expect.objectContaining({ title: partner.title }))
  })
})
