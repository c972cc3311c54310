import { asc, eq } from 'drizzle-orm'
import type { Db } from '@/db/client'
import { ecoPoints } from '@/db/schema'

export function selectEcoPoints(db: Db, city: string) {
  return db.select().from(ecoPoints).where(eq(ecoPoints.city, city)).orderBy(asc(ecoPoints.sort), asc(ecoPoints.id))
}

export async function selectEcoCities(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ city: ecoPoints.city }).from(ecoPoints).orderBy(asc(ecoPoints.city))
  return rows.map((r) => r.city)
}
