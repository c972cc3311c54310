import { describe, expect, it } from 'vitest'
import type { Receipt } from '../../receipt'
import { fromNetworks, kopecksOf, phoneDigits, toValue, toYookassaReceipt } from './yookassa'

/** ЮKassa's wire format at our edge (ADR 173): sums, phones, receipts, notification networks. */

describe('amounts', () => {
  it('writes kopecks as roubles with two decimals and reads them back', () => {
    expect(toValue(129_050)).toBe('1290.50')
    expect(toValue(7)).toBe('0.07')
    expect(toValue(100)).toBe('1.00')
    expect(kopecksOf('1290.5')).toBe(129_050)
    expect(kopecksOf('1290.50')).toBe(129_050)
    expect(kopecksOf('3')).toBe(300)
    expect(kopecksOf('1.005')).toBeNull()
    expect(kopecksOf('-1.00')).toBeNull()
  })
})

describe('toYookassaReceipt', () => {
  const receipt: Receipt = {
    customer: { phone: '8 (912) 345-67-89' },
    total: 1_001,
    lines: [
      { name: 'Омега-3', quantity: 1, price: 500, amount: 500, vat: 'vat22', subject: 'commodity', mode: 'full_prepayment', measure: 'piece', mark: { type: 'gs1m', code: '0104601234567890215abc' } },
      { name: 'Доставка', quantity: 1, price: 501, amount: 501, vat: 'none', subject: 'service', mode: 'full_prepayment', measure: 'piece', mark: null },
    ],
  }

  it('sends the price of one piece, the VAT code from the table, the phone as digits and a known marking code', () => {
    expect(toYookassaReceipt(receipt)).toEqual({
      customer: { phone: '79123456789' },
      items: [
        {
          description: 'Омега-3',
          quantity: 1,
          amount: { value: '5.00', currency: 'RUB' },
          vat_code: 11,
          payment_subject: 'commodity',
          payment_mode: 'full_prepayment',
          measure: 'piece',
          mark_code_info: { gs_1m: '0104601234567890215abc' },
          mark_mode: '0',
        },
        { description: 'Доставка', quantity: 1, amount: { value: '5.01', currency: 'RUB' }, vat_code: 1, payment_subject: 'service', payment_mode: 'full_prepayment', measure: 'piece' },
      ],
    })
  })

  it('cuts a long name to the 128 characters ЮKassa takes', () => {
    const long = { ...receipt, lines: [{ ...receipt.lines[1]!, name: 'я'.repeat(200) }] }
    expect(toYookassaReceipt(long).items[0]!.description).toHaveLength(128)
  })

  it('normalises Russian phones', () => {
    expect(phoneDigits('+7 (912) 345-67-89')).toBe('79123456789')
    expect(phoneDigits('9123456789')).toBe('79123456789')
  })
})

describe('notification networks', () => {
  const documented = '185.71.76.0/27 185.71.77.0/27 77.75.153.0/25 77.75.156.11 77.75.156.35 77.75.154.128/25 2a02:5180::/32'

  it.each([
    ['185.71.76.5', true],
    ['185.71.76.32', false],
    ['77.75.156.11', true],
    ['77.75.156.12', false],
    ['77.75.154.200', true],
    ['2a02:5180::1', true],
    ['2a02:5181::1', false],
    ['127.0.0.1', false],
    ['unknown', false],
  ] as const)('%s from ЮKassa: %s', (ip, inside) => {
    expect(fromNetworks(ip, documented)).toBe(inside)
  })

  it('takes a test network and commas', () => {
    expect(fromNetworks('127.0.0.1', '127.0.0.1/32')).toBe(true)
    expect(fromNetworks('10.0.0.2', '127.0.0.1/32, 10.0.0.0/8')).toBe(true)
  })
})
