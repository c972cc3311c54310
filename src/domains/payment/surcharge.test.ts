import { describe, expect, it } from 'vitest'
import { SURCHARGE_MESSAGES, amountDue, planSurcharge, surchargeMail, surchargeMailKey } from './surcharge'

describe('the surcharge of a paid order that grows (ADR 169)', () => {
  it('asks for the edit\'s difference, moves an open surcharge, cancels it and refunds what is beyond it', () => {
    expect(planSurcharge(0, 1000_00, 1000_00)).toEqual({ due: 0, refund: 0 })
    expect(planSurcharge(0, 1000_00, 1200_00)).toEqual({ due: 200_00, refund: 0 })
    expect(planSurcharge(0, 1000_00, 750_50)).toEqual({ due: 0, refund: 249_50 })
    // An open surcharge of 200 ₽: the order grows by 50 ₽ more, shrinks by 150 ₽, by exactly 200 ₽, by 300 ₽.
    expect(planSurcharge(200_00, 1200_00, 1250_00)).toEqual({ due: 250_00, refund: 0 })
    expect(planSurcharge(200_00, 1200_00, 1050_00)).toEqual({ due: 50_00, refund: 0 })
    expect(planSurcharge(200_00, 1200_00, 1000_00)).toEqual({ due: 0, refund: 0 })
    expect(planSurcharge(200_00, 1200_00, 900_00)).toEqual({ due: 0, refund: 100_00 })
  })

  it('counts as due only the open payments of an order paid before', () => {
    const open = [
      { id: 1, status: 'succeeded', amount: 1000_00 },
      { id: 2, status: 'pending', amount: 200_00 },
      { id: 3, status: 'cancelled', amount: 50_00 },
    ]
    expect(amountDue({ paidAt: new Date(), status: 'paid' }, open)).toBe(200_00)
    // A declined surcharge is still owed; the order's own first payment never counts, even failed (marked paid by hand).
    expect(amountDue({ paidAt: new Date(), status: 'paid' }, [{ id: 1, status: 'failed', amount: 1000_00 }, { id: 4, status: 'failed', amount: 30_00 }])).toBe(30_00)
    expect(amountDue({ paidAt: null, status: 'awaiting_payment' }, [{ id: 1, status: 'pending', amount: 1000_00 }])).toBe(0)
    expect(amountDue({ paidAt: new Date(), status: 'cancelled' }, open)).toBe(0)
    expect(amountDue({ paidAt: new Date(), status: 'paid' }, [])).toBe(0)
  })

  it('mails the buyer the sum and the link in Russian, keyed by the payment and the sum', () => {
    const mail = surchargeMail({ orderId: 42, paymentId: 7, email: 'anna@example.ru', buyerName: 'Анна', total: 1200_00, due: 200_00, payUrl: 'https://shop.example/payment/sandbox/?token=t' })
    expect(mail).toMatchObject({ to: 'anna@example.ru', subject: 'Заказ №42 изменён: к доплате 200\u00a0₽', dedupeKey: surchargeMailKey(7, 200_00) })
    expect(mail!.text).toContain('Оплатить: https://shop.example/payment/sandbox/?token=t')
    expect(mail!.text).toContain('К доплате: 200\u00a0₽')
    expect(surchargeMail({ orderId: 42, paymentId: 7, email: '', buyerName: '', total: 1, due: 1, payUrl: '' })).toBeNull()
    expect(SURCHARGE_MESSAGES.offline(150_00)).toContain('150\u00a0₽')
  })
})
