import 'server-only'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { SETTING_KEYS, patchErrors, settingValue, settingsPatch, type SettingKey, type SettingValue, type SettingValues } from './settings'
import { deleteSetting, lockSettings, selectSetting, selectSettings, upsertSetting } from './settings.db'

export { SETTINGS, SETTING_GROUPS, SETTING_KEYS, type SettingKey, type SettingValue, type SettingValues } from './settings'

/**
 * The cache tags a settings change empties: 'settings' (the minimum order sum and whatever else
 * caches a setting) and 'shop-details' (layout/shop.server.ts). Every data-cache invalidation also
 * empties the full-page cache (ADR 161), so a cached cart page shows a new minimum sum at once.
 */
export const SETTINGS_CACHE_TAGS = ['settings', 'shop-details'] as const

/** The one reader of a setting: the stored value read through the registry, else its default. */
export async function readSetting<K extends SettingKey>(q: Db | Tx, key: K): Promise<SettingValue<K>> {
  return settingValue(key, await selectSetting(q, key))
}

export interface SettingsView {
  values: SettingValues
  /** When each stored setting last changed; absent: the default is in use. */
  updatedAt: Partial<Record<SettingKey, string>>
}

export async function allSettings(q: Db | Tx): Promise<SettingsView> {
  const rows = new Map((await selectSettings(q, SETTING_KEYS)).map((row) => [row.key, row]))
  const values = Object.fromEntries(SETTING_KEYS.map((key) => [key, settingValue(key, rows.get(key)?.value)])) as SettingValues
  const updatedAt: Partial<Record<SettingKey, string>> = {}
  for (const key of SETTING_KEYS) {
    const row = rows.get(key)
    if (row) updatedAt[key] = row.updatedAt.toISOString()
  }
  return { values, updatedAt }
}

export const SETTINGS_MESSAGES = {
  invalid: 'Проверьте выделенные поля.',
  empty: 'Нет изменений.',
} as const

/**
 * Stores the settings named in `patch`, each checked with its own schema; nothing is stored unless
 * all pass (Refusal 'invalid' with a Russian message per field). Each real change is audited in the
 * same transaction; the caches hear of it on commit. `null` clears a setting back to its default.
 */
export async function updateSettings(q: Db, actor: Actor, patch: unknown): Promise<SettingsView> {
  const errors = patchErrors(patch)
  if (errors.length > 0) throw new Refusal('invalid', errors[0]?.message ?? SETTINGS_MESSAGES.invalid, { error: SETTINGS_MESSAGES.invalid, errors })
  const parsed = settingsPatch.parse(patch)
  const keys = SETTING_KEYS.filter((key) => parsed[key] !== undefined)
  await q.transaction(async (tx) => {
    const before = new Map((await lockSettings(tx, keys)).map((row) => [row.key, row.value]))
    let changed = 0
    for (const key of keys) {
      const value = parsed[key]
      const old = before.get(key)
      if (JSON.stringify(old ?? null) === JSON.stringify(value)) continue
      if (value === null) await deleteSetting(tx, key)
      else await upsertSetting(tx, key, value)
      await recordChange(tx, actor, { objectType: 'settings', objectId: key, action: 'update', before: old ?? null, after: value })
      changed++
    }
    if (changed > 0) await announceChanges(tx, SETTINGS_CACHE_TAGS)
  })
  return allSettings(q)
}
