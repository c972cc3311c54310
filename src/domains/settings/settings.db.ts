import { eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { settings } from '@/db/schema'

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
