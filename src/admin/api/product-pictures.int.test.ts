import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { auditLog, brands, sections } from '@/db/schema'
import { changeBasket } from '@/domains/cart/cart.server'
import { toCatalogItem } from '@/domains/catalog/catalog-wire'
import { loadProductCards, loadProductPage } from '@/domains/catalog/catalog.server'
import type { ProductView } from '@/domains/catalog/catalog-admin.schema'
import { PICTURE_MESSAGES, PICTURE_SIZES } from '@/domains/media/media'
import type { PictureList } from '@/domains/media/media.schema'
import { GET as servePicture } from '@/app/upload/products/[name]/route'
import { ADMIN_MESSAGES, type Endpoint } from '../endpoint'
import { waitFor } from '../../../tests/support/change-feed'
import { startS3Fake, type S3Fake } from '../../../tests/support/s3-fake'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { reloadEnv } from '../../../tests/support/test-hooks'
import {
  deletePictureEndpoint,
  listPicturesEndpoint,
  reorderPicturesEndpoint,
  updatePictureEndpoint,
  uploadPictureEndpoint,
} from './product-pictures'
import { addOfferEndpoint, createProductEndpoint, updateProductEndpoint } from './products'

/** Product pictures through /api/admin/ (issue 20, ADR 184): upload, sizes, storefront, order, S3. */

type Auth = { cookie: string }
const as: Record<'owner' | 'content' | 'warehouse' | 'manager', Auth> = {} as never
let varDir: string
let section: { id: number; code: string }
let brandId: number

beforeAll(async () => {
  varDir = await mkdtemp(path.join(tmpdir(), 'pictures-'))
  vi.stubEnv('VAR_DIR', varDir)
  reloadEnv()
  for (const role of ['owner', 'content', 'warehouse', 'manager'] as const) as[role] = { cookie: (await signedInStaff(role)).cookie }
  const [s] = await db().select({ id: sections.id, code: sections.code }).from(sections).orderBy(sections.id).limit(1)
  section = s!
  const [b] = await db().select({ id: brands.id }).from(brands).orderBy(brands.id).limit(1)
  brandId = b!.id
})

afterAll(async () => {
  vi.unstubAllEnvs()
  reloadEnv()
  await rm(varDir, { recursive: true, force: true })
})

async function call<T = Record<string, unknown>>(endpoint: Endpoint, auth: Auth, params: Record<string, number>, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await callEndpoint(endpoint, auth, { params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), body })
  return { status: response.status, body: (await response.json()) as T }
}

/** The upload as a browser's fetch sends it: the file's bytes as the body. */
async function upload(auth: Auth, productId: number, bytes: Uint8Array<ArrayBuffer>, alt?: string, type = 'image/png'): Promise<{ status: number; body: PictureList & { error?: string } }> {
  const url = new URL(`/api/admin/products/${productId}/pictures/`, 'http://localhost:3000')
  if (alt !== undefined) url.searchParams.set('alt', alt)
  const request = new Request(url, {
    method: 'POST',
    headers: { host: 'localhost:3000', origin: 'http://localhost:3000', cookie: auth.cookie, 'content-type': type },
    body: bytes,
  })
  const response = await uploadPictureEndpoint.serve(request, { params: Promise.resolve({ id: String(productId) }) })
  return { status: response.status, body: (await response.json()) as PictureList & { error?: string } }
}

const picture = (format: 'png' | 'jpeg' | 'webp', colour: string, width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    [format]()
    .toBuffer()
    .then((b) => Uint8Array.from(b))

async function publishedProduct(code: string): Promise<number> {
  const created = await call<ProductView>(createProductEndpoint, as.content, {}, { name: `Магний ${code}`, code, sectionIds: [section.id], brandId, form: 'tablets', badges: [] })
  expect(created.status).toBe(200)
  const id = created.body.id
  expect((await call(addOfferEndpoint, as.content, { id }, { packageSize: 60, packageUnit: 'таблеток', sku: `${code}-60`, price: 45_000, stock: 10 })).status).toBe(200)
  expect((await call(updateProductEndpoint, as.content, { id }, { published: true })).status).toBe(200)
  return id
}

const fileOf = (url: string) => path.join(varDir, 'uploads', url.replace(/^\/upload\//, ''))
const auditOf = (objectType: string, objectId: number) =>
  db().select().from(auditLog).where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(objectId)))).orderBy(desc(auditLog.id))

describe('product pictures through /api/admin/', () => {
  it('stores three uploads re-encoded into the storefront sizes, served for a year under content-hashed names', async () => {
    const id = await publishedProduct('magnesium-pictures')
    const before = await loadProductCards([id])
    const packShot = before[0]!.offers[0]!.picture
    expect(packShot).toMatch(/^\/upload\/packs\/|^$/)

    const first = await upload(as.content, id, await picture('png', '#2a9d8f'), 'Банка спереди')
    expect(first.status).toBe(200)
    expect((await upload(as.content, id, await picture('jpeg', '#e9c46a', 900, 1400), 'Сбоку', 'image/jpeg')).status).toBe(200)
    const third = await upload(as.content, id, await picture('webp', '#e76f51', 300, 300), undefined, 'image/webp')
    expect(third.status).toBe(200)
    const list = third.body.pictures
    expect(list.map((p) => [p.position, p.main, p.alt])).toEqual([
      [0, true, 'Банка спереди'],
      [1, false, 'Сбоку'],
      [2, false, ''],
    ])

    for (const p of list) {
      for (const [size, box] of Object.entries(PICTURE_SIZES)) {
        const url = p.urls[size as keyof typeof p.urls]
        expect(url).toMatch(/^\/upload\/products\/[0-9a-f]{32}\.webp$/)
        const meta = await sharp(await readFile(fileOf(url))).metadata()
        expect(meta.format).toBe('webp')
        expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(box)
      }
    }
    // Fitted into the box, never enlarged: 1600×1200 → 1200×900 gallery; 300×300 stays 300.
    expect([list[0]!.width, list[0]!.height]).toEqual([1200, 900])
    expect([list[2]!.width, list[2]!.height]).toEqual([300, 300])

    const served = await servePicture(new Request('http://localhost:3000' + list[0]!.urls.card), { params: Promise.resolve({ name: path.basename(list[0]!.urls.card) }) })
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('content-type')).toBe('image/webp')
    const missing = await servePicture(new Request('http://localhost:3000/upload/products/x/'), { params: Promise.resolve({ name: '..%2Fsession-secret' }) })
    expect(missing.status).toBe(404)

    expect((await auditOf('product-picture', list[0]!.id))[0]).toMatchObject({ action: 'create' })
  })

  it('shows the main picture on the card, the catalogue wire and the cart line, and the uploads as the product page slides', async () => {
    const id = await publishedProduct('magnesium-storefront')
    const png = await upload(as.content, id, await picture('png', '#264653'), 'Главная')
    const list = (await upload(as.content, id, await picture('png', '#f4a261'), 'Вторая')).body.pictures
    const main = png.body.pictures[0]!

    const [card] = await loadProductCards([id])
    expect(card!.offers[0]!.picture).toBe(main.urls.card)
    expect(toCatalogItem(card!, []).PREVIEW_PICTURE).toBe(main.urls.card)

    const page = await loadProductPage(section.code, 'magnesium-storefront')
    if (page.kind !== 'found') throw new Error(`product page: ${page.kind}`)
    expect(page.page.images).toEqual(list.map((p) => expect.objectContaining({ id: p.id, url: p.urls.gallery, alt: p.alt, thumb: p.urls.thumb, card: p.urls.card })))

    const cart = await changeBasket(randomUUID(), { action: 'add', offerIds: [card!.offers[0]!.id], quantity: 1 })
    expect(cart.Products[0]!.img).toBe(main.urls.thumb)
  })

  it('a new main picture, an alt and an order reach the cached storefront within a second, each audited', async () => {
    const id = await publishedProduct('magnesium-order')
    for (const colour of ['#111111', '#555555', '#999999']) expect((await upload(as.content, id, await picture('png', colour))).status).toBe(200)
    const [a, b, c] = (await call<PictureList>(listPicturesEndpoint, as.manager, { id })).body.pictures
    // Warm the caches the storefront reads.
    expect((await loadProductCards([id]))[0]!.offers[0]!.picture).toBe(a!.urls.card)

    const made = await call<PictureList>(updatePictureEndpoint, as.content, { id, pictureId: c!.id }, { main: true, alt: 'Крупно' })
    expect(made.status).toBe(200)
    expect(made.body.pictures.map((p) => p.id)).toEqual([c!.id, a!.id, b!.id])
    const started = Date.now()
    await waitFor(async () => (await loadProductCards([id]))[0]!.offers[0]!.picture === c!.urls.card, 1000)
    await waitFor(async () => {
      const page = await loadProductPage(section.code, 'magnesium-order')
      return page.kind === 'found' && page.page.images[0]?.alt === 'Крупно'
    }, 1000)
    expect(Date.now() - started).toBeLessThan(1000)
    expect((await auditOf('product-picture', c!.id))[0]).toMatchObject({ action: 'update', before: { main: false, alt: '' }, after: { main: true, alt: 'Крупно' } })

    const order = [b!.id, c!.id, a!.id]
    const reordered = await call<PictureList>(reorderPicturesEndpoint, as.content, { id }, { pictureIds: order })
    expect(reordered.body.pictures.map((p) => [p.id, p.position, p.main])).toEqual([
      [b!.id, 0, true],
      [c!.id, 1, false],
      [a!.id, 2, false],
    ])
    await waitFor(async () => (await loadProductCards([id]))[0]!.offers[0]!.picture === b!.urls.card, 1000)
    expect((await auditOf('product', id))[0]).toMatchObject({ action: 'pictures-order', before: { pictureIds: [c!.id, a!.id, b!.id] }, after: { pictureIds: order } })

    // An order that leaves a picture out or names one twice is refused and changes nothing.
    const bad = await call<{ error: string }>(reorderPicturesEndpoint, as.content, { id }, { pictureIds: [b!.id, b!.id, a!.id] })
    expect(bad).toEqual({ status: 400, body: expect.objectContaining({ error: PICTURE_MESSAGES.order }) })
  })

  it('deletes a picture and its files, keeps a file another product still shows, and brings the pack shot back after the last', async () => {
    const id = await publishedProduct('magnesium-delete')
    const other = await publishedProduct('magnesium-other')
    const packShot = (await loadProductCards([id]))[0]!.offers[0]!.picture
    const shared = await picture('png', '#8ab17d')
    const mine = (await upload(as.content, id, shared)).body.pictures[0]!
    expect((await upload(as.content, other, shared)).status).toBe(200)
    const own = (await upload(as.content, id, await picture('png', '#b56576'))).body.pictures[1]!

    const afterOwn = await call<PictureList>(deletePictureEndpoint, as.content, { id, pictureId: own.id })
    expect(afterOwn.body.pictures.map((p) => p.id)).toEqual([mine.id])
    for (const url of Object.values(own.urls)) expect(existsSync(fileOf(url)), url).toBe(false)
    expect((await auditOf('product-picture', own.id))[0]).toMatchObject({ action: 'delete', before: { productId: id, position: 1 } })

    expect((await call(deletePictureEndpoint, as.content, { id, pictureId: mine.id })).status).toBe(200)
    // The same bytes are the other product's picture: its files stay.
    for (const url of Object.values(mine.urls)) expect(existsSync(fileOf(url)), url).toBe(true)
    await waitFor(async () => (await loadProductCards([id]))[0]!.offers[0]!.picture === packShot, 1000)
    const page = await loadProductPage(section.code, 'magnesium-delete')
    expect(page.kind === 'found' && page.page.images.every((i) => i.url.startsWith('/upload/packs/'))).toBe(true)

    expect((await call(deletePictureEndpoint, as.content, { id, pictureId: mine.id })).status).toBe(404)
  })

  it('refuses by the bytes, not the name: a renamed program, an SVG, an empty file, a duplicate, an oversize body', async () => {
    const id = await publishedProduct('magnesium-refusals')
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0])
    expect(await upload(as.content, id, exe, 'photo.jpg', 'image/jpeg')).toEqual({ status: 400, body: { error: PICTURE_MESSAGES.type } })
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
    expect(await upload(as.content, id, svg, undefined, 'image/png')).toEqual({ status: 400, body: { error: PICTURE_MESSAGES.type } })
    expect(await upload(as.content, id, new Uint8Array(0))).toEqual({ status: 400, body: { error: PICTURE_MESSAGES.empty } })
    // A PNG signature over garbage: sniffed as PNG, refused by the decoder.
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(64).fill(7)])
    expect(await upload(as.content, id, broken)).toEqual({ status: 400, body: { error: PICTURE_MESSAGES.broken } })
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(await upload(as.content, id, big)).toEqual({ status: 413, body: { error: PICTURE_MESSAGES.size } })

    const bytes = await picture('png', '#6d597a')
    expect((await upload(as.content, id, bytes)).status).toBe(200)
    expect(await upload(as.content, id, bytes)).toEqual({ status: 409, body: { error: PICTURE_MESSAGES.duplicate } })
    expect((await call<PictureList>(listPicturesEndpoint, as.owner, { id })).body.pictures).toHaveLength(1)
    expect(await upload(as.content, 2_000_000, bytes)).toEqual({ status: 404, body: { error: PICTURE_MESSAGES.productNotFound } })
    expect((await call(updatePictureEndpoint, as.content, { id, pictureId: 1 }, { alt: 'x'.repeat(251) })).status).toBe(400)
  })

  it('lets the warehouse and the manager look but not change', async () => {
    const id = await publishedProduct('magnesium-roles')
    const bytes = await picture('png', '#355070')
    for (const role of ['warehouse', 'manager'] as const) {
      expect(await upload(as[role], id, bytes)).toEqual({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
      expect((await call(listPicturesEndpoint, as[role], { id })).status).toBe(200)
    }
    expect((await call<PictureList>(listPicturesEndpoint, as.owner, { id })).body.pictures).toEqual([])
    expect((await upload(as.owner, id, bytes)).status).toBe(200)
  })
})

describe('product pictures in S3-compatible storage (s3rver started by the test)', () => {
  let s3: S3Fake
  beforeAll(async () => {
    s3 = await startS3Fake()
    vi.stubEnv('S3_ENDPOINT', s3.endpoint)
    vi.stubEnv('S3_BUCKET', s3.bucket)
    vi.stubEnv('S3_ACCESS_KEY_ID', s3.accessKeyId)
    vi.stubEnv('S3_SECRET_ACCESS_KEY', s3.secretAccessKey)
    vi.stubEnv('S3_PUBLIC_URL', `${s3.endpoint}/${s3.bucket}/`)
    reloadEnv()
  })
  afterAll(async () => {
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL']) vi.stubEnv(name, '')
    reloadEnv()
    await s3?.stop()
  })

  it('puts every size in the bucket with its type and a year of cache, shows its public address, and deletes it there', async () => {
    const id = await publishedProduct('magnesium-s3')
    const uploaded = await upload(as.content, id, await picture('jpeg', '#43aa8b'), 'В облаке', 'image/jpeg')
    expect(uploaded.status).toBe(200)
    const p = uploaded.body.pictures[0]!
    for (const url of Object.values(p.urls)) {
      expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/products/[0-9a-f]{32}\\.webp$`))
      const object = await s3.get(url.slice(`${s3.endpoint}/${s3.bucket}/`.length))
      expect(object?.contentType).toBe('image/webp')
      expect(object?.cacheControl).toBe('public, max-age=31536000, immutable')
      expect((await sharp(object!.bytes).metadata()).format).toBe('webp')
      // Nothing went to the local disk.
      expect(existsSync(path.join(varDir, 'uploads', 'products', path.basename(url)))).toBe(false)
    }
    const [card] = await loadProductCards([id])
    expect(card!.offers[0]!.picture).toBe(p.urls.card)

    expect((await call(deletePictureEndpoint, as.content, { id, pictureId: p.id })).status).toBe(200)
    for (const url of Object.values(p.urls)) expect(await s3.get(url.slice(`${s3.endpoint}/${s3.bucket}/`.length))).toBeNull()
  })
})

describe('pictures of one offer and srcset (ADR 205)', () => {
  it('an offer with its own picture shows it on the card, the product page and in the cart; the others keep the main one', async () => {
    const id = await publishedProduct('magnesium-offers')
    const second = await call(addOfferEndpoint, as.content, { id }, { packageSize: 120, packageUnit: 'таблеток', sku: 'magnesium-offers-120', price: 79_000, stock: 10 })
    expect(second.status).toBe(200)
    const [small, large] = (await loadProductCards([id]))[0]!.offers
    expect((await upload(as.content, id, await picture('png', '#264653'))).status).toBe(200)
    const both = await upload(as.content, id, await picture('png', '#f4a261', 1000, 1000))
    const [main, own] = both.body.pictures

    // Before: every offer shows the main picture, with its three sizes as srcset.
    let card = (await loadProductCards([id]))[0]!
    expect(card.offers.map((o) => o.picture)).toEqual([main!.urls.card, main!.urls.card])
    expect(card.offers[0]!.srcset).toBe(`${main!.urls.thumb} 192w, ${main!.urls.card} 480w, ${main!.urls.gallery} 1200w`)

    const set = await call<PictureList>(updatePictureEndpoint, as.content, { id, pictureId: own!.id }, { offerId: large!.id })
    expect(set.status).toBe(200)
    expect(set.body.pictures.map((p) => p.offerId)).toEqual([null, large!.id])
    card = (await loadProductCards([id]))[0]!
    expect(card.offers.map((o) => [o.id, o.picture])).toEqual([
      [small!.id, main!.urls.card],
      [large!.id, own!.urls.card],
    ])
    // Never enlarged: a 1000 px picture's gallery size is 1000 wide.
    expect(card.offers[1]!.srcset).toBe(`${own!.urls.thumb} 192w, ${own!.urls.card} 480w, ${own!.urls.gallery} 1000w`)
    const page = await loadProductPage(section.code, 'magnesium-offers')
    if (page.kind !== 'found') throw new Error(`product page: ${page.kind}`)
    expect(page.page.images.map((i) => [i.card, i.srcset])).toEqual([
      [main!.urls.card, card.offers[0]!.srcset],
      [own!.urls.card, card.offers[1]!.srcset],
    ])
    const cart = await changeBasket(randomUUID(), { action: 'add', offerIds: [large!.id], quantity: 1 })
    expect(cart.Products[0]!.img).toBe(own!.urls.thumb)
    expect((await auditOf('product-picture', own!.id))[0]).toMatchObject({ action: 'update', before: { offerId: null }, after: { offerId: large!.id } })

    // Another product's offer is refused; back to «all offers», the main picture returns.
    const foreign = await call<{ error: string }>(updatePictureEndpoint, as.content, { id, pictureId: own!.id }, { offerId: 1 })
    expect([foreign.status, foreign.body.error]).toEqual([400, PICTURE_MESSAGES.offer])
    expect((await call(updatePictureEndpoint, as.content, { id, pictureId: own!.id }, { offerId: null })).status).toBe(200)
    expect((await loadProductCards([id]))[0]!.offers.map((o) => o.picture)).toEqual([main!.urls.card, main!.urls.card])
  })

  it('a pack shot has no srcset', async () => {
    const id = await publishedProduct('magnesium-pack-shot')
    expect((await loadProductCards([id]))[0]!.offers[0]!.srcset).toBeUndefined()
  })
})
