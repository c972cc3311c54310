import 'server-only'
import type { PaymentProvider, RefundOutcome, RefundRequest } from '../../payment'
import { correlationOf, DOLYAME_GATEWAY, dolyameAmount, dolyameItems, dolyameRefunded } from './dolyame'
import { dolyameCall, dolyameSettings } from './dolyame-client.server'

/**
 * Долями behind the payment interface (ADR 182), serving the 'dolyame' method once its keys are set
 * (the sandbox otherwise). The order at Долями is named by our payment row's id (externalId), so a
 * create call repeated after a timeout finds the same order instead of making a second one.
 */
export const dolyameProvider: PaymentProvider & { configured: () => boolean } = {
  code: DOLYAME_GATEWAY,
  online: true,
  // Долями's items take no VAT; the 'dolyame' column only lets the receipt builder split the lines.
  fiscal: 'dolyame',
  configured: () => dolyameSettings() !== null,
  opening: () => ({ status: 'created', twoStage: false }),
  payUrl: (order) => `/payment/dolyame/?token=${encodeURIComponent(order.paymentToken)}`,
  documentUrl: () => null,
  refund: refundThroughDolyame,
}

/** orders/{id}/refund with the returned lines; the correlation id comes from our key, so a retry repeats it. */
async function refundThroughDolyame(request: RefundRequest): Promise<RefundOutcome> {
  const rowId = /^refund-(\d+)$/.exec(request.refundKey)?.[1]
  const answer = await dolyameCall({
    method: 'POST',
    path: `orders/${encodeURIComponent(request.paymentExternalId)}/refund`,
    operation: 'POST orders/{id}/refund',
    body: {
      amount: dolyameAmount(request.amount),
      returned_items: request.receipt ? dolyameItems(request.receipt) : [],
    },
    answer: dolyameRefunded,
    correlationId: correlationOf(request.refundKey),
    refundId: rowId ? Number(rowId) : null,
    objectId: request.paymentExternalId,
  })
  if (!answer.ok) return { ok: false, error: `Долями: ${answer.kind === 'timeout' ? 'нет ответа' : answer.error}` }
  if (answer.body.amount !== request.amount) return { ok: false, error: `Долями вернули другую сумму: ${answer.body.amount}` }
  return { ok: true, providerRefundId: answer.body.refund_id, receiptStatus: null }
}
