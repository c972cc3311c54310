import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EXAMPLE_SHOP_DETAILS } from '@/domains/layout/shop'
import { SETTING_KEYS, SETTINGS, isSettingKey, patchErrors, settingValue } from './settings'

const seedFile = (name: string) =>
  (JSON.parse(readFileSync(path.join(import.meta.dirname, '../../db/seed/data', name), 'utf8')) as { settings: Record<string, unknown> }).settings

describe('the settings registry', () => {
  it('knows every setting the seed stores, and each seeded value passes its schema', () => {
    const seeded = { ...seedFile('cart.json'), ...seedFile('checkout.json'), ...seedFile('shop.json') }
    for (const [key, value] of Object.entries(seeded)) {
      expect(isSettingKey(key), key).toBe(true)
      expect(patchErrors({ [key]: value }), key).toEqual([])
    }
  })

  it('has a fallback that passes its own schema for every setting', () => {
    for (const key of SETTING_KEYS) expect(SETTINGS[key].schema.safeParse(SETTINGS[key].fallback).success, key).toBe(true)
  })

  it('shows each field of an object setting under a name its schema knows', () => {
    for (const key of SETTING_KEYS) {
      const fallbackOk = SETTINGS[key].schema.safeParse(SETTINGS[key].fallback)
      for (const field of SETTINGS[key].fields) {
        if (field.name === '') expect(typeof fallbackOk.data === 'object' && fallbackOk.data !== null, key).toBe(false)
        else expect(patchErrors({ [key]: { [field.name]: 'x' } }).some((e) => e.message === 'Неизвестное поле.'), `${key}.${field.name}`).toBe(false)
      }
    }
  })

  it('takes the example company details as they are', () => {
    expect(patchErrors({ 'shop.details': { ...EXAMPLE_SHOP_DETAILS, example: true } })).toEqual([])
  })

  it('reads a missing row as the fallback and a broken one as the fallback too', () => {
    expect(settingValue('minOrderSum', undefined)).toBe(0)
    expect(settingValue('minOrderSum', 'lots')).toBe(0)
    expect(settingValue('unpaidOrderMinutes', 1)).toBe(30)
    expect(settingValue('oneClickHolidayMessages', { from: '2024-12-31' })).toBeNull()
    expect(settingValue('shop.details', 'text')).toEqual({})
  })

  it('checks dates for real days and phones for their digits', () => {
    const holiday = (from: string) => patchErrors({ oneClickHolidayMessages: { from, to: '2026-03-01', start: 'a', thanks: 'b' } })
    expect(holiday('2026-02-30').map((e) => e.field)).toEqual(['oneClickHolidayMessages.from'])
    expect(holiday('2026-02-28')).toEqual([])
    expect(patchErrors({ 'shop.details': { phone: '8 800 200-52-52' } })).toEqual([])
    expect(patchErrors({ 'shop.details': { phone: '200-52' } }).map((e) => e.field)).toEqual(['shop.details.phone'])
  })
})
