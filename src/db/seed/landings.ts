import { readFileSync } from 'node:fs'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../client'
import { b2bEvents, b2bProgrammes, ecoPoints, landingPages, products, turboRecipes } from '../schema'

/**
 * Landings, meal-plan recipes, eco-box points and the B2B programmes and webinars. Idempotent by code.
 * The landing `data` is checked against the landings domain's schemas by a unit test over these files
 * (src/domains/landings/landing-data.test.ts); here only the envelope is checked.
 */
const DATA_DIR = path.join(process.cwd(), 'src/db/seed/data')
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(DATA_DIR, file), 'utf8'))

const landingRow = z.object({
  code: z.string().min(1),
  kind: z.enum(['product', 'programme', 'meal-plan']),
  title: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
})
const recipeRow = z.object({ code: z.string().min(1), data: z.record(z.string(), z.unknown()) })
const ecoRow = z.object({
  code: z.string(),
  city: z.string(),
  name: z.string(),
  address: z.string(),
  fullAddress: z.string(),
  workTime: z.string(),
  phone: z.string(),
  lat: z.number(),
  lon: z.number(),
})
const b2bFile = z.object({
  programmes: z.array(z.object({ code: z.string(), name: z.string(), color: z.string(), options: z.array(z.string()) })),
  events: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      startsAt: z.iso.datetime({ offset: true }),
      previewText: z.string(),
      programme: z.string(),
      link: z.url({ protocol: /^https$/ }),
    }),
  ),
})

export const LANDING_FILES = ['landings-pages.json', 'landings-programme.json'] as const

export function loadLandingRows() {
  return LANDING_FILES.flatMap((f) => z.array(landingRow).parse(read(f)))
}

export function loadRecipeRows() {
  return z.array(recipeRow).parse(read('landings-recipes.json'))
}

export async function seedLandings(db: Db): Promise<void> {
  const landings = loadLandingRows()
  const codes = landings.flatMap((l) => (typeof l.data.product === 'string' ? [l.data.product] : []))
  const found = codes.length
    ? await db.select({ id: products.id, code: products.code }).from(products).where(inArray(products.code, codes))
    : []
  const idByCode = new Map(found.map((p) => [p.code, p.id]))
  await db
    .insert(landingPages)
    .values(
      landings.map((l, i) => ({
        code: l.code,
        kind: l.kind,
        title: l.title,
        productId: typeof l.data.product === 'string' ? (idByCode.get(l.data.product) ?? null) : null,
        data: l.data,
        sort: (i + 1) * 10,
      })),
    )
    .onConflictDoNothing({ target: landingPages.code })
  await db.insert(turboRecipes).values(loadRecipeRows()).onConflictDoNothing({ target: turboRecipes.code })
  const points = z.array(ecoRow).parse(read('eco-points.json'))
  await db
    .insert(ecoPoints)
    .values(points.map((p, i) => ({ ...p, sort: (i + 1) * 10 })))
    .onConflictDoNothing({ target: ecoPoints.code })
  const b2b = b2bFile.parse(read('b2b.json'))
  await db
    .insert(b2bProgrammes)
    .values(b2b.programmes.map((p, i) => ({ ...p, sort: (i + 1) * 10 })))
    .onConflictDoNothing({ target: b2bProgrammes.code })
  await db
    .insert(b2bEvents)
    .values(b2b.events.map((e) => ({ ...e, startsAt: new Date(e.startsAt) })))
    .onConflictDoNothing({ target: b2bEvents.code })
}
