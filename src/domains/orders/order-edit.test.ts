import { describe, expect, it } from 'vitest'
import { editRefusal, editedTotals, orderEditInput } from './order-edit'

const line = (quantity: number, price: number, basePrice = price) => ({ quantity, price, basePrice, weightGrams: 100 })

describe('order edit rules', () => {
  it('recomputes totals with the coupon kept on its terms', () => {
    expect(editedTotals([line(2, 500_00, 600_00)], { kind: 'percent', value: 10 }, 300_00)).toMatchObject({
      basePrice: 1200_00,
      goodsPrice: 1000_00,
      couponDiscount: 100_00,
      discount: 300_00,
      total: 1200_00,
      weightGrams: 200,
    })
    // A fixed coupon never takes more than the goods.
    expect(editedTotals([line(1, 200_00)], { kind: 'fixed', value: 500_00 }, 0).total).toBe(0)
    expect(editedTotals([line(3, 100_00)], null, 0).total).toBe(300_00)
  })

  it('edits only unpaid orders that have not shipped', () => {
    expect(editRefusal({ status: 'new', paidAt: null })).toBeNull()
    expect(editRefusal({ status: 'assembling', paidAt: null })).toBeNull()
    expect(editRefusal({ status: 'shipped', paidAt: null })).toMatch(/передан в доставку/)
    expect(editRefusal({ status: 'assembling', paidAt: new Date() })).toMatch(/оплачен/)
  })

  it('asks for at least one change', () => {
    expect(orderEditInput.safeParse({}).success).toBe(false)
    expect(orderEditInput.safeParse({ lines: [{ id: 1, quantity: 0 }] }).success).toBe(true)
  })
})
