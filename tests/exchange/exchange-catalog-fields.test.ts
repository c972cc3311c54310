import { describe, expect, it } from 'vitest'
import { DEFAULT_FIELD_OWNERSHIP, EXCHANGE_FIELDS, fieldOwnershipInput, fieldOwnershipOf, nextValue } from '@/domains/exchange/field-ownership'
import { SETTINGS, settingValue } from '@/domains/settings/settings'

/** ADR 197: the rule every owned field follows, and the setting's shape. */
describe('nextValue', () => {
  it('a field 1С owns takes 1С’s value over the site’s', () => {
    expect(nextValue(true, 'Текст редактора', 'Текст 1С')).toBe('Текст 1С')
  })

  it('a field the site owns keeps the site’s value, and is filled from 1С only while empty', () => {
    expect(nextValue(false, 'Текст редактора', 'Текст 1С')).toBeUndefined()
    expect(nextValue(false, '', 'Текст 1С')).toBe('Текст 1С')
  })

  it('an empty value from 1С never replaces anything, whoever owns the field', () => {
    for (const owned of [true, false]) {
      expect(nextValue(owned, 'Текст редактора', '')).toBeUndefined()
      expect(nextValue(owned, 'Текст редактора', null)).toBeUndefined()
      expect(nextValue(owned, 'Текст редактора', undefined)).toBeUndefined()
    }
  })

  it('the same value is no change', () => {
    expect(nextValue(true, 'Текст', 'Текст')).toBeUndefined()
  })
})

describe('the exchange.fieldOwnership setting', () => {
  it('is in the registry’s «Обмен с 1С» group, one checkbox per field, the default when nothing is stored', () => {
    const definition = SETTINGS['exchange.fieldOwnership']
    expect(definition.group).toBe('exchange')
    expect(definition.fields.map((f) => f.name)).toEqual(EXCHANGE_FIELDS.map((f) => f.key))
    expect(definition.fields.every((f) => f.kind === 'checkbox')).toBe(true)
    expect(settingValue('exchange.fieldOwnership', undefined)).toEqual(DEFAULT_FIELD_OWNERSHIP)
  })

  it('reads a stored value field by field: a missing or unreadable field keeps its default', () => {
    expect(fieldOwnershipOf({ name: false, composition: 'да', extra: true })).toEqual({ ...DEFAULT_FIELD_OWNERSHIP, name: false })
    expect(fieldOwnershipOf(null)).toEqual(DEFAULT_FIELD_OWNERSHIP)
  })

  it('a new value must name every field with true or false, and nothing else', () => {
    expect(fieldOwnershipInput.safeParse(DEFAULT_FIELD_OWNERSHIP).success).toBe(true)
    const { name: _, ...withoutName } = DEFAULT_FIELD_OWNERSHIP
    expect(fieldOwnershipInput.safeParse(withoutName).success).toBe(false)
    expect(fieldOwnershipInput.safeParse({ ...DEFAULT_FIELD_OWNERSHIP, price: true }).error?.issues[0]?.message).toBe('Неизвестное поле.')
  })
})
