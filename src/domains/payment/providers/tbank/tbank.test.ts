import { describe, expect, it } from 'vitest'
import { statusOfTbank, tbankToken, tokenValid, toTbankReceipt } from './tbank'

/** Т-Банк's Token (developer.tbank.ru/eacq/intro/developer/token) and the receipt in its fields (ADR 181). */
describe('the Token', () => {
  // The documentation's own example: Receipt and DATA take no part, Password joins, keys sorted.
  const documented = {
    TerminalKey: 'MerchantTerminalKey',
    Amount: 19200,
    OrderId: '00000',
    Description: 'Подарочная карта на 1000 рублей',
    DATA: { Phone: '+71234567890', Email: 'a@test.com' },
    Receipt: { Email: 'a@test.ru', Taxation: 'osn', Items: [{ Name: 'Наименование товара 1', Price: 10000, Quantity: 1, Amount: 10000, Tax: 'vat10' }] },
  }

  it('matches the documented example (known answer)', () => {
    expect(tbankToken(documented, '11111111111111')).toBe('72dd466f8ace0a37a1f740ce5fb78101712bc0665d91a8108c7c8a0ccd426db2')
  })

  it('leaves out nested objects and the Token itself, and reads booleans as true/false', () => {
    const { DATA: _data, Receipt: _receipt, ...flat } = documented
    expect(tbankToken(flat, '11111111111111')).toBe(tbankToken(documented, '11111111111111'))
    expect(tbankToken({ ...documented, Token: 'anything' }, '11111111111111')).toBe(tbankToken(documented, '11111111111111'))
    expect(tbankToken({ Success: true }, 'p')).toBe(tbankToken({ Success: 'true' }, 'p'))
    expect(tbankToken(documented, '11111111111112')).not.toBe(tbankToken(documented, '11111111111111'))
  })

  it('verifies a notification: any changed field or a wrong password fails', () => {
    const body = { TerminalKey: 'T', OrderId: '1-2-ab', Success: true, Status: 'CONFIRMED', PaymentId: 13660, ErrorCode: '0', Amount: 100000 }
    const token = tbankToken(body, 'secret')
    expect(tokenValid({ ...body, Token: token }, 'secret')).toBe(true)
    expect(tokenValid({ ...body, Token: token.toUpperCase() }, 'secret')).toBe(true)
    expect(tokenValid({ ...body, Amount: 100001, Token: token }, 'secret')).toBe(false)
    expect(tokenValid({ ...body, Token: token }, 'other')).toBe(false)
    expect(tokenValid({ ...body, Token: 'short' }, 'secret')).toBe(false)
    expect(tokenValid(body, 'secret')).toBe(false)
  })
})

describe('Т-Банк statuses', () => {
  it('AUTHORIZED is a hold only in two stages; reversed and refused end the attempt', () => {
    expect(statusOfTbank('NEW', false)).toBe('pending')
    expect(statusOfTbank('AUTHORIZED', true)).toBe('waiting_for_capture')
    expect(statusOfTbank('AUTHORIZED', false)).toBe('pending')
    expect(statusOfTbank('CONFIRMED', false)).toBe('succeeded')
    expect(statusOfTbank('PARTIAL_REFUNDED', false)).toBe('succeeded')
    expect(statusOfTbank('REJECTED', false)).toBe('failed')
    expect(statusOfTbank('REVERSED', true)).toBe('failed')
    expect(statusOfTbank('SOMETHING_NEW', false)).toBeNull()
  })
})

describe('the receipt in Т-Банк fields', () => {
  it('sends kopecks, the VAT code, the subject and the piece code when known', () => {
    const receipt = toTbankReceipt(
      {
        customer: { phone: '8 (912) 345-67-89' },
        total: 30150,
        lines: [
          { name: 'Витамин C', quantity: 2, price: 10000, amount: 20000, vat: 'vat10', subject: 'commodity', mode: 'full_prepayment', measure: 'piece', mark: { type: 'gs1m', code: '010460' } },
          { name: 'Доставка', quantity: 1, price: 10150, amount: 10150, vat: 'none', subject: 'service', mode: 'full_prepayment', measure: 'piece', mark: null },
        ],
      },
      'usn_income',
    )
    expect(receipt).toMatchObject({ Taxation: 'usn_income', Phone: '+79123456789' })
    expect(receipt.Items[0]).toMatchObject({ Price: 10000, Quantity: 2, Amount: 20000, Tax: 'vat10', PaymentMethod: 'full_prepayment', PaymentObject: 'commodity', MarkCode: { MarkCodeType: 'GS1M', Value: '010460' } })
    expect(receipt.Items[1]).toMatchObject({ Amount: 10150, Tax: 'none', PaymentObject: 'service' })
    expect(receipt.Items[1]!.MarkCode).toBeUndefined()
  })
})
