import 'server-only'
import type { PaymentProvider, RefundOutcome, RefundRequest } from '../../payment'
import { tbankCancelAnswer, toTbankReceipt } from './tbank'
import { tbankCall, tbankSettings } from './tbank-client.server'

/**
 * Т-Банк behind the payment interface (ADR 181). Like ЮKassa its payments are created after the
 * order's commit (tbank.server.ts startPayment), so the row starts at 'created'; the buyer's link
 * leads to our page that sends them on to Т-Банк's form.
 */
export const tbankProvider: PaymentProvider & { configured: () => boolean } = {
  code: 'tbank',
  online: true,
  fiscal: 'tbank',
  configured: () => tbankSettings() !== null,
  opening: () => ({ status: 'created', twoStage: tbankSettings()?.twoStage ?? false }),
  payUrl: (order) => `/payment/tbank/?token=${encodeURIComponent(order.paymentToken)}`,
  documentUrl: () => null,
  refund: refundThroughTbank,
}

/**
 * Cancel of a confirmed payment is its refund, with the refund receipt of the returned lines. Our key
 * (`refund-<row id>`) goes as ExternalRequestId, which Т-Банк uses to answer a repeated refund with
 * the first one's result instead of paying twice.
 */
async function refundThroughTbank(request: RefundRequest): Promise<RefundOutcome> {
  const settings = tbankSettings()
  if (!settings) return { ok: false, error: 'Т-Банк: не настроен' }
  const rowId = /^refund-(\d+)$/.exec(request.refundKey)?.[1]
  const answer = await tbankCall({
    method: 'Cancel',
    fields: {
      PaymentId: request.paymentExternalId,
      Amount: request.amount,
      ExternalRequestId: request.refundKey,
      ...(request.receipt ? { Receipt: toTbankReceipt(request.receipt, settings.taxation) } : {}),
    },
    answer: tbankCancelAnswer,
    idempotenceKey: request.refundKey,
    refundId: rowId ? Number(rowId) : null,
    objectId: request.paymentExternalId,
  })
  if (!answer.ok) return { ok: false, error: `Т-Банк: ${answer.kind === 'timeout' ? 'нет ответа' : answer.error}` }
  if (answer.body.Status !== 'REFUNDED' && answer.body.Status !== 'PARTIAL_REFUNDED' && answer.body.Status !== 'REFUNDING') {
    return { ok: false, error: `Т-Банк не вернул деньги: ${answer.body.Status}` }
  }
  return { ok: true, providerRefundId: `${answer.body.PaymentId}:${request.refundKey}`, receiptStatus: null }
}
