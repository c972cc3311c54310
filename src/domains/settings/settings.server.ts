import 'server-only'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { FREE_DELIVERY_KEY, SETTING_KEYS, patchErrors, settingValue, settingsPatch, type FreeDeliveryRow, type SettingKey, type SettingValue, type SettingValues } from './settings'
import { deleteSetting, lockSettings, selectFreeDelivery, selectSetting, selectSettings, setFreeDelivery, upsertSetting } from './settings.db'

export { SETTINGS, SETTING_GROUPS, SETTING_KEYS, type SettingKey, type SettingValue, type SettingValues } from './settings'

/**
 * The cache tags a settings change empties: 'settings' (the minimum order sum and whatever else
 * caches a setting) and 'shop-details' (layout/shop.server.ts). Every data-cache invalidation also
 * empties the full-page cache (ADR 161), so a cached cart page shows a new minimum sum at once.
 */
export const SETTINGS_CACHE_TAGS = ['settings', 'shop-details'] as const
/** The delivery domain's cache tag: its methods (thresholds included) are cached under it. */
const DELIVERY_TAG = 'delivery'

/** The one reader of a setting: the stored value read through the registry, else its default. */
export async function readSetting<K extends SettingKey>(q: Db | Tx, key: K): Promise<SettingValue<K>> {
  return settingValue(key, await selectSetting(q, key))
}

export interface SettingsView {
  values: SettingValues
  /** When each stored setting last changed; absent: the default is in use. */
  updatedAt: Partial<Record<SettingKey, string>>
  /** Each delivery method's free-delivery threshold (kept on the method, not in the settings table). */
  freeDelivery: FreeDeliveryRow[]
}

export async function allSettings(q: Db | Tx): Promise<SettingsView> {
  const rows = new Map((await selectSettings(q, SETTING_KEYS)).map((row) => [row.key, row]))
  const values = Object.fromEntries(SETTING_KEYS.map((key) => [key, settingValue(key, rows.get(key)?.value)])) as SettingValues
  const updatedAt: Partial<Record<SettingKey, string>> = {}
  for (const key of SETTING_KEYS) {
    const row = rows.get(key)
    if (row) updatedAt[key] = row.updatedAt.toISOString()
  }
  return { values, updatedAt, freeDelivery: await selectFreeDelivery(q) }
}

export const SETTINGS_MESSAGES = {
  invalid: 'Проверьте выделенные поля.',
  empty: 'Нет изменений.',
  unknownDelivery: 'Такого способа доставки нет.',
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
    const thresholds = parsed[FREE_DELIVERY_KEY]
    let deliveryChanged = 0
    if (thresholds) {
      const current = new Map((await selectFreeDelivery(tx)).map((row) => [row.code, row.freeFromKopecks]))
      const unknown = Object.keys(thresholds).filter((code) => !current.has(code))
      if (unknown.length) {
        const errors = unknown.map((code) => ({ field: `${FREE_DELIVERY_KEY}.${code}`, message: SETTINGS_MESSAGES.unknownDelivery }))
        throw new Refusal('invalid', errors[0]!.message, { error: SETTINGS_MESSAGES.invalid, errors })
      }
      for (const [code, value] of Object.entries(thresholds)) {
        if (current.get(code) === value) continue
        await setFreeDelivery(tx, code, value)
        await recordChange(tx, actor, { objectType: 'settings', objectId: `${FREE_DELIVERY_KEY}.${code}`, action: 'update', before: current.get(code), after: value })
        deliveryChanged++
      }
    }
    if (changed + deliveryChanged > 0) await announceChanges(tx, deliveryChanged > 0 ? [...SETTINGS_CACHE_TAGS, DELIVERY_TAG] : SETTINGS_CACHE_TAGS)
  })
  return allSettings(q)
}
