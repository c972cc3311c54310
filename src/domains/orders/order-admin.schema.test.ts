import { describe, expect, it } from 'vitest'
import { normalisePhoneDigits, orderSearch, parseOrderListQuery } from './order-admin.schema'

describe('orderListQuery', () => {
  it('reads a URL: a comma list of statuses, kopecks, defaults for sort and page', () => {
    const parsed = parseOrderListQuery({ status: 'new,paid,new', totalFrom: '100000', city: 'moskva', q: ' 8 999 ' })
    expect(parsed.success && parsed.data).toEqual({ status: ['new', 'paid'], totalFrom: 100000, city: 'moskva', q: '8 999', sort: '-created', page: 1, limit: 50 })
  })

  it('takes empty form fields as no filter', () => {
    const parsed = parseOrderListQuery({ status: '', from: '', q: '  ', sort: '', page: '' })
    expect(parsed.success && parsed.data).toEqual({ sort: '-created', page: 1, limit: 50 })
  })

  it('takes the first of repeated params', () => {
    const parsed = parseOrderListQuery({ status: ['paid', 'new'] })
    expect(parsed.success && parsed.data.status).toEqual(['paid'])
  })

  it('reads the chosen rows as a list of order numbers without repeats', () => {
    const parsed = parseOrderListQuery({ ids: '12,7,12', sort: 'total' })
    expect(parsed.success && parsed.data).toMatchObject({ ids: [12, 7], sort: 'total' })
  })

  it.each([
    [{ ids: '1,,2' }],
    [{ ids: '0' }],
    [{ ids: Array.from({ length: 501 }, (_, i) => i + 1).join(',') }],
    [{ status: 'paid,lost' }],
    [{ from: '2026-13-01' }],
    [{ from: '2026-05-02', to: '2026-05-01' }],
    [{ totalFrom: '500', totalTo: '100' }],
    [{ totalFrom: '10.5' }],
    [{ limit: '1000' }],
    [{ sort: 'name' }],
    [{ deliveryType: 'drone' }],
  ])('refuses %j', (params) => {
    expect(parseOrderListQuery(params).success).toBe(false)
  })
})

describe('orderSearch', () => {
  it('reads a bare number as an order number and a phone piece', () => {
    expect(orderSearch('1042')).toEqual({ kind: 'number-or-phone', orderId: 1042, phoneDigits: '1042' })
    expect(orderSearch('№ 17')).toEqual({ kind: 'number-or-phone', orderId: 17, phoneDigits: null })
  })

  it('reads a phone written any way as the same digits', () => {
    for (const q of ['+7 (999) 123-45-67', '8 999 123 45 67', '89991234567', '9991234567', '7-999-123-45-67']) {
      const search = orderSearch(q)
      expect(search?.kind === 'number-or-phone' && search.phoneDigits).toBe('79991234567')
    }
    expect(orderSearch('+7 (999) 123-45-67')).toMatchObject({ orderId: null })
  })

  it('reads @ as an e-mail and anything else as words of a name', () => {
    expect(orderSearch(' Anna@Example.RU ')).toEqual({ kind: 'email', text: 'anna@example.ru' })
    expect(orderSearch('Иванова  Анна')).toEqual({ kind: 'words', words: ['Иванова', 'Анна'] })
    expect(orderSearch('   ')).toBeNull()
  })

  it('normalises only whole Russian numbers', () => {
    expect([normalisePhoneDigits('89991234567'), normalisePhoneDigits('9991234567'), normalisePhoneDigits('4567'), normalisePhoneDigits('380501234567')]).toEqual([
      '79991234567',
      '79991234567',
      '4567',
      '380501234567',
    ])
  })
})
