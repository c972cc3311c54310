import { z } from 'zod'
import { db } from '@/db/client'
import { cancelHeldPayment, captureHeldPayment } from '@/domains/payment/providers/yookassa/yookassa-hold.server'
import { SETTLEMENT_MESSAGES, sendSettlementReceipt } from '@/domains/payment/receipt-settlement.server'
import { recordChange } from '@/domains/audit/audit.server'
import { Refusal } from '@/lib/refusal'
import { endpoint } from '../endpoint'

const TAG = 'Заказы'
const kopecks = z.number().int().describe('копейки')
const paymentParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  paymentId: z.coerce.number().int().min(1).max(2_147_483_647),
})

export const capturePaymentEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/payments/{paymentId}/capture',
  permission: 'orders.refund',
  summary:
    'Списать заблокированные деньги (ЮKassa, двухстадийная оплата): сумма и чек — по заказу, каким он стал сейчас (уменьшенный заказ спишет меньше). Повтор безопасен: тот же Idempotence-Key. 409 — платёж не заблокирован или ЮKassa отказала',
  tag: TAG,
  params: paymentParams,
  response: z.object({ status: z.literal('succeeded'), amount: kopecks.describe('Списано') }),
  handle: ({ params, actor }) => captureHeldPayment(actor, params.id, params.paymentId),
})

export const cancelPaymentEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/payments/{paymentId}/cancel',
  permission: 'orders.refund',
  summary: 'Отменить блокировку денег (ЮKassa, двухстадийная оплата): деньги вернутся покупателю, заказ остаётся неоплаченным. 409 — платёж не заблокирован',
  tag: TAG,
  params: paymentParams,
  response: z.object({ status: z.literal('cancelled'), amount: kopecks }),
  handle: ({ params, actor }) => cancelHeldPayment(actor, params.id, params.paymentId),
})

const markCodes = z
  .array(z.object({ lineId: z.number().int().min(1), codes: z.array(z.string().trim().min(1, 'Код пустой.').max(256)).max(1000) }))
  .max(500)
  .describe('Коды маркировки Честного ЗНАКа: по коду на каждую маркированную штуку')

export const settlementReceiptEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/settlement-receipt',
  permission: 'orders.fulfil',
  summary:
    'Чек полного расчёта (зачёт предоплаты) отправленного заказа, оплаченного через ЮKassa, с кодами маркировки; коды сохраняются. 409 — заказ не отправлен, не оплачен через ЮKassa, кодов не столько, сколько маркированных штук, чек уже отправлен или ЮKassa не ответила (reason unavailable: повтор, ручной или плановый, отправит тот же ключ)',
  tag: TAG,
  params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
  body: z.object({ markCodes }),
  response: z.object({ status: z.string().describe('pending, succeeded или canceled — как ответила ЮKassa'), receiptId: z.string().nullable() }),
  handle: async ({ params, body, actor }) => {
    const result = await sendSettlementReceipt(db(), params.id, body.markCodes)
    if (!result.ok) {
      if (result.kind === 'unavailable') throw new Refusal('conflict', 'ЮKassa сейчас не отвечает: чек отправится при следующей попытке.', { error: 'ЮKassa сейчас не отвечает.', reason: result.kind })
      const message = result.kind === 'declined' ? `ЮKassa не приняла чек: ${result.detail}` : `${SETTLEMENT_MESSAGES[result.kind]}${result.kind === 'codes' || result.kind === 'receipt' ? ` ${result.detail}` : ''}`
      throw new Refusal(result.kind === 'not-found' ? 'not-found' : 'conflict', message, { error: message, reason: result.kind })
    }
    await recordChange(db(), actor, {
      objectType: 'order',
      objectId: params.id,
      action: 'settlement-receipt',
      after: { status: result.status, receiptId: result.receiptId, codes: body.markCodes.reduce((n, l) => n + l.codes.length, 0) },
    })
    return result
  },
})

export const orderPaymentEndpoints = [capturePaymentEndpoint, cancelPaymentEndpoint, settlementReceiptEndpoint]
