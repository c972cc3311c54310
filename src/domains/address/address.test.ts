import { describe, expect, it } from 'vitest'
import { checkFreeText, freeTextAddress, freeTextAddressService, houseNumberOf } from './address'

describe('houseNumberOf', () => {
  it.each([
    ['ул Тверская, 7', '7'],
    ['Тверская 7а', '7а'],
    ['пр-кт Мира, д. 12/2', '12/2'],
    ['Ленинградское ш, 12к1', '12к1'],
    ['ул Ленина, 5-б, кв 12', '5-б'],
    ['Профсоюзная 104 стр 2', '104'],
    ['д 3, Садовая', '3'],
    ['5-я Парковая, 12', '12'],
    ['ул 8 Марта, 3', '3'],
  ])('finds the house in %s', (text, house) => {
    expect(houseNumberOf(text)).toBe(house)
  })

  it.each([
    'ул Тверская',
    '5-я Парковая',
    'ул 8 Марта',
    'Тверская, кв 12',
    'Тверская, под 2, эт 5',
    '12345',
    '',
  ])('finds none in %j', (text) => {
    expect(houseNumberOf(text)).toBeNull()
  })
})

describe('the free-text check (no DaData)', () => {
  it('accepts a street with a house, with the city in front once', () => {
    expect(checkFreeText('Москва', 'ул Тверская, д 7')).toEqual({ kind: 'complete', address: 'г Москва, ул Тверская, д 7' })
    expect(checkFreeText('Москва', 'г Москва, ул Тверская, д 7')).toEqual({ kind: 'complete', address: 'г Москва, ул Тверская, д 7' })
    expect(checkFreeText('Москва', 'москва,  Тверская   7')).toEqual({ kind: 'complete', address: 'г Москва, Тверская 7' })
    expect(freeTextAddress('Санкт-Петербург', 'Санкт-Петербург, Невский пр-кт, 28')).toBe('г Санкт-Петербург, Невский пр-кт, 28')
  })

  it("asks for the house ('Введите полный адрес…') when the text has a street only", () => {
    expect(checkFreeText('Казань', 'ул Баумана')).toEqual({ kind: 'incomplete' })
    expect(checkFreeText('Казань', 'г Казань, ул Баумана, кв 5')).toEqual({ kind: 'incomplete' })
  })

  it("says not found ('Адрес не найден…') when the text names no street", () => {
    expect(checkFreeText('Казань', '12')).toEqual({ kind: 'unknown' })
    expect(checkFreeText('Казань', 'г Казань')).toEqual({ kind: 'unknown' })
    expect(checkFreeText('Казань', 'ул д кв')).toEqual({ kind: 'unknown' })
  })

  it('suggests the typed text itself, complete or not, and locates nobody', async () => {
    const city = { code: 'kazan', name: 'Казань', fiasId: null, fiasLevel: null }
    expect(await freeTextAddressService.suggest(city, 'Баумана 5', 10)).toEqual([{ value: 'г Казань, Баумана 5', complete: true }])
    expect(await freeTextAddressService.suggest(city, 'Баумана', 10)).toEqual([{ value: 'г Казань, Баумана', complete: false }])
    expect(await freeTextAddressService.suggest(city, '5', 10)).toEqual([])
    expect(await freeTextAddressService.locate('46.226.227.20')).toBeNull()
  })
})
