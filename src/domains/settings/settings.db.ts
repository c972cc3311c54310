import { eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { deliveryServices, settings } from '@/db/schema'

type Q = Db | Tx

export interface SettingRow {
  key: string
  value: unknown
  updatedAt: Date
}

/** The stored value under `key`; undefined when there is no row. */
export async function selectSetting(q: Q, key: string): Promise<unknown> {
  const [row] = await q.select({ value: settings.value }).from(settings).where(eq(settings.key, key))
  return row?.value
}

export async function selectSettings(q: Q, keys: readonly string[]): Promise<SettingRow[]> {
  if (keys.length === 0) return []
  return q.select().from(settings).where(inArray(settings.key, [...keys]))
}

/** The rows of `keys`, locked until the transaction ends, so two edits of one setting audit in turn. */
export async function lockSettings(tx: Tx, keys: readonly string[]): Promise<SettingRow[]> {
  if (keys.length === 0) return []
  return tx.select().from(settings).where(inArray(settings.key, [...keys])).orderBy(settings.key).for('update')
}

export async function upsertSetting(tx: Tx, key: string, value: unknown): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } })
}

export async function deleteSetting(tx: Tx, key: string): Promise<void> {
  await tx.delete(settings).where(eq(settings.key, key))
}

/** Every delivery method's free-delivery threshold, in the checkout's order. */
export async function selectFreeDelivery(q: Q): Promise<{ code: string; name: string; freeFromKopecks: number | null }[]> {
  return q
    .select({ code: deliveryServices.code, name: deliveryServices.name, freeFromKopecks: deliveryServices.freeFromKopecks })
    .from(deliveryServices)
    .orderBy(deliveryServices.sort, deliveryServices.id)
}

export async function setFreeDelivery(tx: Tx, code: string, freeFromKopecks: number | null): Promise<void> {
  await tx.update(deliveryServices).set({ freeFromKopecks }).where(eq(deliveryServices.code, code))
}
