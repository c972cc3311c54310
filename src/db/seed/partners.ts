import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { inArray, not, like } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../client'
import { partnerOutlets, partnerProducts, partners, products } from '../schema'
/** Same shape as SeedOptions in seed.ts (not imported, to keep the seed files free of cycles). */
interface SeedOptions {
  uploadsDir: string | null
}

const file = z.object({
  partners: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      link: z.string().url(),
      color: z.string(),
      sort: z.number().int(),
      /** Of every five products the partner sells about share + 1 (chosen by a stable hash). */
      share: z.number().int().min(1).max(4),
      outlets: z.array(z.object({ code: z.string(), name: z.string(), address: z.string(), lat: z.number(), lon: z.number() })),
    }),
  ),
})

/** Stable small hash so the same products go to the same partners on every run. */
function hash(s: string): number {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619)
  return h >>> 0
}

export const partnerLogoPath = (code: string) => `/upload/partners/${code}.svg`

function logoSvg(title: string, color: string): string {
  const esc = title.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48"><rect width="160" height="48" rx="10" fill="#fff"/><circle cx="24" cy="24" r="12" fill="${color}"/><path d="M18 24h12M24 18v12" stroke="#fff" stroke-width="3"/><text x="44" y="30" font-family="Arial, sans-serif" font-size="16" font-weight="700" fill="${color}">${esc}</text></svg>`
}

/**
 * Partner pharmacies, their outlets and which real products each sells (synthetic bench products sell
 * nowhere). Idempotent by code and by the (partner, product) key.
 */
export async function seedPartners(db: Db, options: SeedOptions): Promise<void> {
  const data = file.parse(JSON.parse(readFileSync(path.join(process.cwd(), 'src/db/seed/data/partners.json'), 'utf8')))
  await db
    .insert(partners)
    .values(data.partners.map((p) => ({ code: p.code, title: p.title, link: p.link, image: partnerLogoPath(p.code), sort: p.sort })))
    .onConflictDoNothing({ target: partners.code })
  const ids = new Map(
    (await db.select({ id: partners.id, code: partners.code }).from(partners).where(inArray(partners.code, data.partners.map((p) => p.code)))).map(
      (r) => [r.code, r.id],
    ),
  )
  const outlets = data.partners.flatMap((p) => p.outlets.map((o) => ({ ...o, partnerId: ids.get(p.code)! })))
  if (outlets.length) await db.insert(partnerOutlets).values(outlets).onConflictDoNothing({ target: partnerOutlets.code })
  const real = await db.select({ id: products.id, code: products.code, name: products.name }).from(products).where(not(like(products.code, 'synthetic-%')))
  const links = data.partners.flatMap((p) =>
    real
      .filter((r) => hash(`${p.code}:${r.code}`) % 5 <= p.share)
      .map((r) => ({ partnerId: ids.get(p.code)!, productId: r.id, link: `${p.link}search/?q=${encodeURIComponent(r.name)}` })),
  )
  if (links.length) await db.insert(partnerProducts).values(links).onConflictDoNothing()
  if (options.uploadsDir) {
    const dir = path.join(options.uploadsDir, 'partners')
    mkdirSync(dir, { recursive: true })
    for (const p of data.partners) writeFileSync(path.join(dir, `${p.code}.svg`), logoSvg(p.title, p.color))
  }
}
