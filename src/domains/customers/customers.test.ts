import { describe, expect, it } from 'vitest'
import { customerSearch, likePattern } from './customers'
import { customerListQuery } from './customers.schema'

describe('customerSearch: what the free text means', () => {
  it('reads a phone written any way as 7XXXXXXXXXX digits, a piece of it as it is', () => {
    for (const q of ['+7 (912) 345-67-89', '8 912 345 67 89', '89123456789', '9123456789']) expect(customerSearch(q)).toEqual({ kind: 'phone', digits: '79123456789' })
    expect(customerSearch('45-67')).toEqual({ kind: 'phone', digits: '4567' })
  })

  it('takes text with @ as a piece of an e-mail, lower-cased, and anything else as name or e-mail words', () => {
    expect(customerSearch('Anna@Mail')).toEqual({ kind: 'email', text: 'anna@mail' })
    expect(customerSearch('  Анна   Иванова ')).toEqual({ kind: 'words', words: ['Анна', 'Иванова'] })
  })

  it('ignores an empty text and too few digits to mean anything', () => {
    expect(customerSearch(undefined)).toBeNull()
    expect(customerSearch('   ')).toBeNull()
    expect(customerSearch('12')).toBeNull()
  })

  it("escapes LIKE's own characters", () => {
    expect(likePattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%')
  })
})

describe('customerListQuery', () => {
  it('reads an untouched form as no filter and the first page', () => {
    expect(customerListQuery.parse({ q: '', page: '' })).toEqual({ q: undefined, page: 1, limit: 50 })
    expect(customerListQuery.safeParse({ page: '0' }).success).toBe(false)
    expect(customerListQuery.safeParse({ limit: '201' }).success).toBe(false)
  })
})
