import { describe, expect, it } from 'vitest'
import { amountReceipt, paymentReceipt, refundReceipt, shareByWeights, VAT_CODES, vatRateOf, type Receipt, type ReceiptOrder, type ReceiptOrderLine } from './receipt'

/** 54-ФЗ receipts (ADR 172): lines that add up to the amount charged, to the kopeck. */

const line = (over: Partial<ReceiptOrderLine> & Pick<ReceiptOrderLine, 'id' | 'quantity' | 'sum'>): ReceiptOrderLine => ({
  name: `Товар ${over.id}`,
  vatPercent: 0,
  markCodeType: null,
  ...over,
})

const order = (lines: ReceiptOrderLine[], coupon: number, deliveryPrice: number): ReceiptOrder => ({
  total: lines.reduce((s, l) => s + l.sum, 0) - coupon + deliveryPrice,
  deliveryPrice,
  deliveryName: 'СДЭК, пункт выдачи',
  email: 'anna@example.ru',
  phone: '+7 (912) 345-67-89',
  lines,
})

function ok(result: ReturnType<typeof paymentReceipt>): Receipt {
  if (!result.ok) throw new Error(`refused: ${result.kind} ${result.detail}`)
  return result.receipt
}

const sum = (r: Receipt) => r.lines.reduce((s, l) => s + l.price * l.quantity, 0)

describe('paymentReceipt', () => {
  it('lists each line at its price, the delivery as a service, full prepayment by pieces', () => {
    const r = ok(paymentReceipt(order([line({ id: 1, quantity: 2, sum: 100_000, vatPercent: 20 })], 0, 35_000), 'yookassa'))
    expect(r.customer).toEqual({ email: 'anna@example.ru' })
    expect(r.lines).toEqual([
      { name: 'Товар 1', quantity: 2, price: 50_000, amount: 100_000, vat: 'vat20', subject: 'commodity', mode: 'full_prepayment', measure: 'piece', mark: null },
      { name: 'Доставка: СДЭК, пункт выдачи', quantity: 1, price: 35_000, amount: 35_000, vat: 'vat20', subject: 'service', mode: 'full_prepayment', measure: 'piece', mark: null },
    ])
    expect(r.total).toBe(135_000)
  })

  it('spreads a coupon by largest remainder, the odd kopeck to the larger fraction', () => {
    // 3 × 333.33 ₽ and 1 × 10 ₽, a 1 ₽ coupon: 100 kopecks shared 99.01… : 0.99… → 99 and 1.
    const o = order([line({ id: 1, quantity: 3, sum: 99_999 }), line({ id: 2, quantity: 1, sum: 1_000 })], 100, 0)
    const r = ok(paymentReceipt(o, 'yookassa'))
    expect(r.lines.map((l) => [l.name, l.quantity, l.price])).toEqual([
      ['Товар 1', 3, 33_300],
      ['Товар 2', 1, 999],
    ])
    expect(sum(r)).toBe(o.total)
    // Line 1's share: 99 kopecks; 99 900 over 3 pieces is 33 300 each; line 2 pays 999.
    expect(r.lines.filter((l) => l.name === 'Товар 1').reduce((s, l) => s + l.amount, 0)).toBe(99_900)
    expect(r.lines.find((l) => l.name === 'Товар 2')?.amount).toBe(999)
  })

  it('a line of 7 pieces for 100 ₽ after the coupon is 2 lines: 3 at 14.28 and 4 at 14.29', () => {
    const o = order([line({ id: 1, quantity: 7, sum: 10_500 })], 500, 0)
    const r = ok(paymentReceipt(o, 'yookassa'))
    expect(r.lines.map((l) => [l.quantity, l.price])).toEqual([
      [3, 1_428],
      [4, 1_429],
    ])
    expect(sum(r)).toBe(10_000)
  })

  it('adds up for many awkward orders (coupon against three odd lines, delivery)', () => {
    for (let coupon = 0; coupon <= 997; coupon += 53) {
      for (const q of [1, 3, 7, 11]) {
        const o = order([line({ id: 1, quantity: q, sum: 1_013 * q }), line({ id: 2, quantity: 13, sum: 13 * 77 }), line({ id: 3, quantity: 2, sum: 199 })], coupon, 29_900)
        const r = ok(paymentReceipt(o, 'yookassa'))
        expect(sum(r), `coupon ${coupon}, q ${q}`).toBe(o.total)
        expect(r.lines.every((l) => Number.isInteger(l.price) && l.price >= 0 && l.quantity >= 1)).toBe(true)
      }
    }
  })

  it('a free gift line sends nothing', () => {
    const r = ok(paymentReceipt(order([line({ id: 1, quantity: 1, sum: 5_000 }), line({ id: 2, quantity: 1, sum: 0, name: 'Подарок' })], 0, 0), 'yookassa'))
    expect(r.lines.map((l) => l.name)).toEqual(['Товар 1'])
  })

  it('uses the phone when the buyer left no e-mail, and refuses without either', () => {
    const o = order([line({ id: 1, quantity: 1, sum: 5_000 })], 0, 0)
    expect(ok(paymentReceipt({ ...o, email: '' }, 'yookassa')).customer).toEqual({ phone: '+7 (912) 345-67-89' })
    expect(paymentReceipt({ ...o, email: '', phone: '' }, 'yookassa')).toMatchObject({ ok: false, kind: 'no-contact' })
  })

  it('the 22 % rate has ЮKassa code 11; Т-Банк documents none, so it is refused there', () => {
    const o = order([line({ id: 1, quantity: 1, sum: 12_200, vatPercent: 22 })], 0, 0)
    const r = ok(paymentReceipt(o, 'yookassa'))
    expect(r.lines[0]?.vat).toBe('vat22')
    expect(VAT_CODES.vat22.yookassa).toBe(11)
    expect(paymentReceipt(o, 'tbank')).toMatchObject({ ok: false, kind: 'no-vat-code', detail: 'tbank: vat22' })
  })

  it('refuses a rate missing from the table', () => {
    expect(vatRateOf(18)).toBeNull()
    expect(paymentReceipt(order([line({ id: 1, quantity: 1, sum: 5_000, vatPercent: 18 })], 0, 0), 'yookassa')).toMatchObject({ ok: false, kind: 'unknown-vat' })
  })

  it('marked goods carry the code type, and a line a piece once the codes are known', () => {
    const marked = line({ id: 1, quantity: 3, sum: 1_000, markCodeType: 'gs1m' })
    const r = ok(paymentReceipt(order([marked], 0, 0), 'yookassa'))
    expect(r.lines.map((l) => [l.quantity, l.price, l.mark])).toEqual([
      [2, 333, { type: 'gs1m', code: null }],
      [1, 334, { type: 'gs1m', code: null }],
    ])
    const coded = ok(paymentReceipt(order([{ ...marked, markCodes: ['a', 'b', 'c'] }], 0, 0), 'yookassa'))
    expect(coded.lines.map((l) => [l.quantity, l.amount, l.mark?.code])).toEqual([
      [1, 333, 'a'],
      [1, 333, 'b'],
      [1, 334, 'c'],
    ])
  })
})

describe('amountReceipt and refundReceipt', () => {
  const o = order([line({ id: 1, quantity: 3, sum: 30_000, vatPercent: 20 }), line({ id: 2, quantity: 1, sum: 0 })], 1_000, 5_000)

  it('the whole total shared over the order is the payment receipt itself', () => {
    expect(amountReceipt(o, o.total, 'yookassa')).toEqual(paymentReceipt(o, 'yookassa'))
  })

  it('an extra sum is shared over the lines and the delivery to the kopeck', () => {
    const r = ok(amountReceipt(o, 1_001, 'yookassa'))
    expect(sum(r)).toBe(1_001)
  })

  it('returned pieces at their price, with the delivery as a service', () => {
    const r = ok(refundReceipt(o, { lines: [{ lineId: 1, quantity: 1, amount: 9_666 }], deliveryAmount: 5_000, amount: 14_666 }, 'yookassa'))
    expect(r.lines.map((l) => [l.name, l.quantity, l.price, l.subject])).toEqual([
      ['Товар 1', 1, 9_666, 'commodity'],
      ['Доставка: СДЭК, пункт выдачи', 1, 5_000, 'service'],
    ])
  })

  it('a plain-sum refund is shared over the order; a sum below the pieces scales them', () => {
    expect(sum(ok(refundReceipt(o, { lines: [], deliveryAmount: 0, amount: 777 }, 'yookassa')))).toBe(777)
    const less = ok(refundReceipt(o, { lines: [{ lineId: 1, quantity: 2, amount: 19_333 }], deliveryAmount: 0, amount: 10_001 }, 'yookassa'))
    expect(sum(less)).toBe(10_001)
    expect(less.lines.reduce((s, l) => s + l.quantity, 0)).toBe(2)
  })
})

describe('shareByWeights', () => {
  it('adds up and gives remainders to the largest fractions first', () => {
    expect(shareByWeights(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(shareByWeights(5, [0, 0])).toEqual([0, 0])
    expect(shareByWeights(10, [3, 7])).toEqual([3, 7])
  })
})
