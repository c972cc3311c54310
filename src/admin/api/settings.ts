import { z } from 'zod'
import { db } from '@/db/client'
import { SETTING_KEYS, settingValues, settingsPatch } from '@/domains/settings/settings'
import { allSettings, updateSettings } from '@/domains/settings/settings.server'
import { endpoint } from '../endpoint'

const view = z.object({
  values: settingValues,
  /** When each stored setting last changed; a setting at its default has none. */
  updatedAt: z.partialRecord(z.enum(SETTING_KEYS as [string, ...string[]]), z.string()),
  /** Each delivery method's free-delivery threshold in kopecks (null: never free); PATCH freeDelivery by code. */
  freeDelivery: z.array(z.object({ code: z.string(), name: z.string(), freeFromKopecks: z.number().nullable() })),
})

export const readSettings = endpoint({
  method: 'GET',
  path: '/api/admin/settings',
  permission: 'settings.read',
  summary: 'Настройки магазина: реквизиты, минимальная сумма заказа, время на оплату, праздничное уведомление, регион акции, ограничения',
  tag: 'Настройки',
  response: view,
  handle: () => allSettings(db()),
})

export const changeSettings = endpoint({
  method: 'PATCH',
  path: '/api/admin/settings',
  permission: 'settings.write',
  summary: 'Изменить настройки (только переданные ключи; null возвращает значение по умолчанию)',
  tag: 'Настройки',
  body: settingsPatch,
  response: view,
  handle: ({ body, actor }) => updateSettings(db(), actor, body),
})

export const settingsEndpoints = [readSettings, changeSettings]
