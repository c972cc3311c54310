import { inArray } from 'drizzle-orm'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Db } from '../client'
import {
  badges,
  brands,
  offers,
  productBadges,
  productImages,
  productProperties,
  products,
  productSections,
  sections,
} from '../schema'
import { seedCart } from './cart'
import { seedCities } from './cities'
import { seedCheckout } from './checkout'
import { seedContent } from './content'
import { seedLandings } from './landings'
import { seedDelivery } from './delivery'
import { storePackShot } from './pack-shot'
import { seedPartners } from './partners'
import { seedReviews } from './reviews'
import { seedShopSettings } from './shop'
import { seedStaff } from './staff'
import {
  badgeRow,
  brandRow,
  cityRow,
  productRow,
  sectionRow,
  type OfferRow,
  type ProductRow,
} from './seed-data.schema'

export const SEED_DATA_DIR = path.join(process.cwd(), 'src/db/seed/data')

export interface SeedOptions {
  /** Where pack shots are written (var/uploads); null in tests, which need rows but no files. */
  uploadsDir: string | null
}

function load<T extends z.ZodType>(file: string, schema: T): z.output<T>[] {
  const raw: unknown = JSON.parse(readFileSync(path.join(SEED_DATA_DIR, file), 'utf8'))
  return z.array(schema).parse(raw)
}

export function loadProducts(): ProductRow[] {
  return readdirSync(SEED_DATA_DIR)
    .filter((f) => /^products-\d+\.json$/.test(f))
    .sort()
    .flatMap((f) => load(f, productRow))
}

const offerLabel = (o: OfferRow) => `${o.packageSize} ${o.packageUnit}${o.flavour ? `, ${o.flavour}` : ''}`
export const packPath = (code: string, n: number) => `/upload/packs/${code}-${n}.webp`
const kopecks = (rub: number) => rub * 100

async function idsByCode(db: Db, table: typeof sections | typeof brands | typeof badges) {
  const rows = await db.select({ id: table.id, code: table.code }).from(table)
  return new Map(rows.map((r) => [r.code, r.id]))
}

function need<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key)
  if (value === undefined) throw new Error(`Seed data refers to an unknown ${what}: ${key}`)
  return value
}

/** Idempotent: rows are matched by code, so running it twice adds nothing. */
export async function seed(db: Db, options: SeedOptions): Promise<{ products: number; cities: number }> {
  await db
    .insert(sections)
    .values(load('sections.json', sectionRow))
    .onConflictDoNothing({ target: sections.code })
  await db
    .insert(brands)
    .values(load('brands.json', brandRow).map((b, i) => ({ ...b, sort: (i + 1) * 10 })))
    .onConflictDoNothing({ target: brands.code })
  await db.insert(badges).values(load('badges.json', badgeRow)).onConflictDoNothing({ target: badges.code })
  const cityCount = await seedCities(db, load('cities.json', cityRow))
  const added = await insertProducts(db, loadProducts(), options)
  await seedPartners(db, options)
  await seedDelivery(db, options)
  await seedCheckout(db)
  await seedReviews(db)
  await seedLandings(db)
  await seedCart(db)
  await seedShopSettings(db)
  await seedContent(db, options)
  await seedStaff(db)
  return { products: added, cities: cityCount }
}

/** packCode: whose pack shots to show (synthetic products reuse their template's). */
type SeedProduct = ProductRow & { packCode?: string }

async function insertProducts(db: Db, rows: SeedProduct[], options: SeedOptions): Promise<number> {
  if (rows.length === 0) return 0
  const sectionIds = await idsByCode(db, sections)
  const brandIds = await idsByCode(db, brands)
  const badgeIds = await idsByCode(db, badges)
  const brandNames = new Map(load('brands.json', brandRow).map((b) => [b.code, b.name]))

  const inserted = await db
    .insert(products)
    .values(
      rows.map((p, i) => ({
        code: p.code,
        name: p.name,
        subTitle: p.subTitle,
        line: p.line,
        sectionId: need(sectionIds, p.section, 'section'),
        brandId: need(brandIds, p.brand, 'brand'),
        form: p.form,
        description: p.description,
        composition: p.composition,
        howToUse: p.howToUse,
        instruction: p.instruction,
        isImportReplace: p.importReplace,
        isDrug: p.drug,
        sort: (i + 1) * 10,
      })),
    )
    .onConflictDoNothing({ target: products.code })
    .returning({ id: products.id, code: products.code })
  if (inserted.length === 0) return 0
  const idOf = new Map(inserted.map((r) => [r.code, r.id]))
  const fresh = rows.filter((p) => idOf.has(p.code))

  await db.insert(offers).values(
    fresh.flatMap((p) =>
      p.offers.map((o, i) => ({
        productId: idOf.get(p.code)!,
        sku: `${p.code}-${i + 1}`,
        packageSize: o.packageSize,
        packageUnit: o.packageUnit,
        flavour: o.flavour,
        price: kopecks(o.price),
        oldPrice: o.oldPrice === null ? null : kopecks(o.oldPrice),
        stock: o.stock,
        weightGrams: o.weightGrams,
        widthMm: o.widthMm,
        lengthMm: o.lengthMm,
        heightMm: o.heightMm,
        airRestricted: o.airRestricted,
        picture: packPath(p.packCode ?? p.code, i + 1),
        sort: (i + 1) * 10,
      })),
    ),
  )
  await db.insert(productImages).values(
    fresh.flatMap((p) =>
      p.offers.map((o, i) => ({
        productId: idOf.get(p.code)!,
        url: packPath(p.packCode ?? p.code, i + 1),
        alt: `${p.name}, ${offerLabel(o)}`,
        sort: (i + 1) * 10,
      })),
    ),
  )
  const badgeLinks = fresh.flatMap((p) =>
    p.badges.map((code) => ({ productId: idOf.get(p.code)!, badgeId: need(badgeIds, code, 'badge') })),
  )
  if (badgeLinks.length) await db.insert(productBadges).values(badgeLinks)
  const properties = fresh.flatMap((p) =>
    p.properties.map((prop, i) => ({ productId: idOf.get(p.code)!, ...prop, sort: (i + 1) * 10 })),
  )
  if (properties.length) await db.insert(productProperties).values(properties).onConflictDoNothing()
  const extra = fresh.flatMap((p) =>
    p.extraSections
      .filter((s) => s !== p.section)
      .map((s) => ({ productId: idOf.get(p.code)!, sectionId: need(sectionIds, s, 'section') })),
  )
  if (extra.length) await db.insert(productSections).values(extra).onConflictDoNothing()

  if (options.uploadsDir) {
    const dir = path.join(options.uploadsDir, 'packs')
    mkdirSync(dir, { recursive: true })
    // sharp renders on libvips' own threads: all at once keeps the cores busy.
    await Promise.all(
      fresh.flatMap((p) =>
        p.offers.map((o, i) =>
          storePackShot(path.join(dir, `${p.code}-${i + 1}.webp`), {
            brand: brandNames.get(p.brand) ?? p.brand,
            name: p.name,
            subTitle: p.subTitle,
            size: offerLabel(o),
            color: p.color,
            form: p.form,
          }),
        ),
      ),
    )
  }
  return fresh.length
}

/**
 * Benchmark catalogue: `count` more products made from the real ones (same pictures, shuffled prices),
 * so list and search queries are measured at shop scale.
 */
export async function seedSyntheticProducts(db: Db, count: number): Promise<number> {
  const base = loadProducts()
  const existing = await db
    .select({ code: products.code })
    .from(products)
    .where(inArray(products.code, [`synthetic-1`, `synthetic-${count}`]))
  if (existing.length === 2) return 0
  let added = 0
  for (let start = 0; start < count; start += 500) {
    const batch: SeedProduct[] = []
    for (let n = start; n < Math.min(count, start + 500); n++) {
      const template = base[n % base.length]!
      const factor = 0.8 + ((n * 37) % 50) / 100
      batch.push({
        ...template,
        code: `synthetic-${n + 1}`,
        packCode: template.code,
        name: `${template.name}, серия ${Math.floor(n / base.length) + 2}`,
        badges: template.badges.filter((b) => b !== 'hit'),
        offers: template.offers.map((o) => ({
          ...o,
          price: Math.max(99, Math.round(o.price * factor)),
          oldPrice: o.oldPrice === null ? null : Math.round(o.oldPrice * factor) + 50,
        })),
      })
    }
    added += await insertProducts(db, batch, { uploadsDir: null })
  }
  return added
}
