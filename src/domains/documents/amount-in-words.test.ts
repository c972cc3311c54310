import { describe, expect, it } from 'vitest'
import { numberInWords, plural, rublesInWords } from './amount-in-words'

describe('rublesInWords', () => {
  it.each([
    [0, 'Ноль рублей 00 копеек'],
    [100, 'Один рубль 00 копеек'],
    [200, 'Два рубля 00 копеек'],
    [500, 'Пять рублей 00 копеек'],
    [1100, 'Одиннадцать рублей 00 копеек'],
    [1200, 'Двенадцать рублей 00 копеек'],
    [1400, 'Четырнадцать рублей 00 копеек'],
    [1900, 'Девятнадцать рублей 00 копеек'],
    [2100, 'Двадцать один рубль 00 копеек'],
    [2200, 'Двадцать два рубля 00 копеек'],
    [11_100, 'Сто одиннадцать рублей 00 копеек'],
    [100_000, 'Одна тысяча рублей 00 копеек'],
    [125_000, 'Одна тысяча двести пятьдесят рублей 00 копеек'],
    [200_100, 'Две тысячи один рубль 00 копеек'],
    [500_000, 'Пять тысяч рублей 00 копеек'],
    [1_100_000, 'Одиннадцать тысяч рублей 00 копеек'],
    [2_100_000, 'Двадцать одна тысяча рублей 00 копеек'],
    [100_000_000, 'Один миллион рублей 00 копеек'],
    [200_000_000, 'Два миллиона рублей 00 копеек'],
    [100_100_000, 'Один миллион одна тысяча рублей 00 копеек'],
    [99_999_999_999, 'Девятьсот девяносто девять миллионов девятьсот девяносто девять тысяч девятьсот девяносто девять рублей 99 копеек'],
  ])('%i kopecks → «%s»', (kopecks, words) => {
    expect(rublesInWords(kopecks)).toBe(words)
  })

  it('writes kopecks in two digits with their own plural form', () => {
    expect(rublesInWords(1)).toBe('Ноль рублей 01 копейка')
    expect(rublesInWords(21)).toBe('Ноль рублей 21 копейка')
    expect(rublesInWords(5)).toBe('Ноль рублей 05 копеек')
    expect(rublesInWords(102)).toBe('Один рубль 02 копейки')
    expect(rublesInWords(111)).toBe('Один рубль 11 копеек')
    expect(rublesInWords(129_050)).toBe('Одна тысяча двести девяносто рублей 50 копеек')
  })

  it('refuses what is not a whole non-negative number of kopecks', () => {
    expect(() => rublesInWords(-1)).toThrow(RangeError)
    expect(() => rublesInWords(12.5)).toThrow(RangeError)
    expect(() => rublesInWords(Number.NaN)).toThrow(RangeError)
  })
})

describe('numberInWords', () => {
  it('agrees один/одна and два/две with the noun after it', () => {
    expect(numberInWords(1)).toBe('один')
    expect(numberInWords(1, 'feminine')).toBe('одна')
    expect(numberInWords(2, 'feminine')).toBe('две')
    expect(numberInWords(2001)).toBe('две тысячи один')
    expect(numberInWords(2001, 'feminine')).toBe('две тысячи одна')
  })

  it('skips empty groups and says zero', () => {
    expect(numberInWords(0)).toBe('ноль')
    expect(numberInWords(1_000_000)).toBe('один миллион')
    expect(numberInWords(1_000_001)).toBe('один миллион один')
    expect(numberInWords(3_004_000)).toBe('три миллиона четыре тысячи')
    expect(numberInWords(1_000_000_000)).toBe('один миллиард')
    expect(numberInWords(10)).toBe('десять')
    expect(numberInWords(110)).toBe('сто десять')
    expect(numberInWords(40)).toBe('сорок')
  })
})

describe('plural', () => {
  it.each([
    [0, 'рублей'],
    [1, 'рубль'],
    [2, 'рубля'],
    [4, 'рубля'],
    [5, 'рублей'],
    [11, 'рублей'],
    [12, 'рублей'],
    [14, 'рублей'],
    [21, 'рубль'],
    [22, 'рубля'],
    [101, 'рубль'],
    [111, 'рублей'],
    [1012, 'рублей'],
  ])('%i %s', (n, word) => {
    expect(plural(n, ['рубль', 'рубля', 'рублей'])).toBe(word)
  })
})
