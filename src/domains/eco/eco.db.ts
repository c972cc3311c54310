import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '@/db/client'
import { ecoPoints } from '@/db/schema'

export function selectEcoPoints(db: Db, city: string) {
  return db.select().from(ecoPoints).where(and(eq(ecoPoints.city, city), eq(ecoPoints.active, true))).orderBy(asc(ecoPoints.sort), asc(ecoPoints.id))
}

export async function selectEcoCities(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ city: ecoPoints.city }).from(ecoPoints).where(eq(ecoPoints.active, true)).orderBy(asc(ecoPoints.city))
  return rows.map((r) => r.city)
}
