import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { landingPages, products, turboRecipes, turboSubscriptions } from '@/db/schema'
import type { LandingKind } from '@/db/schema/landings'

export async function selectLanding(db: Db, code: string, kind: LandingKind) {
  const [row] = await db
    .select()
    .from(landingPages)
    .where(and(eq(landingPages.code, code), eq(landingPages.kind, kind), eq(landingPages.active, 1)))
    .limit(1)
  return row
}

/** Catalogue codes → ids (active products only); landing data names products by code. */
export async function selectProductIdsByCode(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map()
  const rows = await db
    .select({ id: products.id, code: products.code })
    .from(products)
    .where(and(inArray(products.code, [...codes]), eq(products.active, true)))
  return new Map(rows.map((r) => [r.code, r.id]))
}

/** The texts the product modal shows besides the card data (description, composition, use). */
export async function selectProductTexts(db: Db, id: number) {
  const [row] = await db
    .select({
      description: products.description,
      composition: products.composition,
      howToUse: products.howToUse,
      instruction: products.instruction,
    })
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)))
    .limit(1)
  return row
}

export async function selectRecipe(db: Db, id: number) {
  const [row] = await db.select().from(turboRecipes).where(and(eq(turboRecipes.id, id), eq(turboRecipes.active, true))).limit(1)
  return row
}

export async function selectRecipeIdsByCode(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map()
  const rows = await db
    .select({ id: turboRecipes.id, code: turboRecipes.code })
    .from(turboRecipes)
    .where(and(inArray(turboRecipes.code, [...codes]), eq(turboRecipes.active, true)))
  return new Map(rows.map((r) => [r.code, r.id]))
}

/** A repeated request for the same e-mail, step and type keeps the first row. */
export async function insertTurboSubscription(
  db: Db | Tx,
  row: { email: string; step: number; type: 'menu' | 'video'; extra: Record<string, string> },
): Promise<boolean> {
  const inserted = await db
    .insert(turboSubscriptions)
    .values(row)
    .onConflictDoNothing({ target: [turboSubscriptions.email, turboSubscriptions.step, turboSubscriptions.type] })
    .returning({ id: turboSubscriptions.id })
  return inserted.length > 0
}
