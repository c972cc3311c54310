import 'server-only'
import type { PaymentProvider, RefundOutcome, RefundRequest } from '../../payment'
import { toValue, toYookassaReceipt, yookassaRefund } from './yookassa'
import { yookassaCall, yookassaSettings } from './yookassa-client.server'

/**
 * ЮKassa behind the payment interface (ADR 173). Its payments are created after the order's commit
 * (yookassa.server.ts startPayment), so the row starts at 'created'; the buyer's link leads to our
 * page that sends them on to ЮKassa's.
 */
export const yookassaProvider: PaymentProvider & { configured: () => boolean } = {
  code: 'yookassa',
  online: true,
  fiscal: 'yookassa',
  configured: () => yookassaSettings() !== null,
  opening: () => ({ status: 'created', twoStage: yookassaSettings()?.twoStage ?? false }),
  payUrl: (order) => `/payment/yookassa/?token=${encodeURIComponent(order.paymentToken)}`,
  documentUrl: () => null,
  refund: refundThroughYookassa,
}

/**
 * POST /refunds with the refund receipt of the returned lines. Our key (`refund-<row id>`) is the
 * Idempotence-Key, so a retry of a refund whose answer was lost never pays twice.
 */
async function refundThroughYookassa(request: RefundRequest): Promise<RefundOutcome> {
  const rowId = /^refund-(\d+)$/.exec(request.refundKey)?.[1]
  const answer = await yookassaCall({
    method: 'POST',
    path: 'refunds',
    operation: 'POST /refunds',
    idempotenceKey: request.refundKey,
    refundId: rowId ? Number(rowId) : null,
    body: {
      payment_id: request.paymentExternalId,
      amount: { value: toValue(request.amount), currency: 'RUB' },
      ...(request.receipt ? { receipt: toYookassaReceipt(request.receipt) } : {}),
    },
    answer: yookassaRefund,
  })
  if (!answer.ok) return { ok: false, error: `ЮKassa: ${answer.kind === 'timeout' ? 'нет ответа' : answer.error}` }
  if (answer.body.status === 'canceled') return { ok: false, error: `ЮKassa отклонила возврат: ${answer.body.cancellation_details?.reason ?? 'canceled'}` }
  return { ok: true, providerRefundId: answer.body.id, receiptStatus: answer.body.receipt_registration ?? null }
}
