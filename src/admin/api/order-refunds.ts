import { z } from 'zod'
import { db } from '@/db/client'
import { REFUND_REASONS } from '@/db/schema/orders'
import { orderIdParams } from '@/domains/orders/order-admin-actions.schema'
import { refundInput } from '@/domains/payment/refund'
import { refundOrder, refundRefusal, refundSummary } from '@/domains/payment/refund.server'
import { endpoint } from '../endpoint'

const TAG = 'Заказы'
const kopecks = z.number().int().describe('копейки')
const refundStatus = z.enum(['requested', 'processing', 'succeeded', 'failed'])

const refundRow = z.object({
  id: z.number(),
  paymentId: z.number(),
  amount: kopecks,
  status: refundStatus,
  reason: z.enum(REFUND_REASONS).describe('paid-after-cancel — оплата после отмены, staff — возврат сотрудника, edit — уменьшение заказа'),
  lines: z.array(z.object({ lineId: z.number(), name: z.string(), quantity: z.number().int(), amount: kopecks })),
  deliveryAmount: kopecks,
  comment: z.string(),
  author: z.string(),
  error: z.string().nullable().describe('Ответ платёжной системы, если возврат не прошёл'),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
})

export const listRefunds = endpoint({
  method: 'GET',
  path: '/api/admin/orders/{id}/refunds',
  permission: 'orders.read',
  summary: 'Возвраты заказа: оплачено, возвращено, остаток; что ещё можно вернуть по строкам и доставке',
  tag: TAG,
  params: orderIdParams,
  response: z.object({
    paid: kopecks.describe('Оплачено онлайн (успешные платежи)'),
    refunded: kopecks.describe('Возвращено и в процессе возврата (без не прошедших)'),
    left: kopecks.describe('Остаток: сколько ещё можно вернуть'),
    deliveryLeft: kopecks,
    lines: z.array(z.object({ id: z.number(), name: z.string(), quantity: z.number().int().describe('Штук, которые ещё можно вернуть'), amount: kopecks })),
    refunds: z.array(refundRow),
  }),
  handle: async ({ params }) => {
    const summary = await refundSummary(db(), params.id)
    if (!summary) throw refundRefusal('order-not-found')
    const { facts: _facts, ...answer } = summary
    return answer
  },
})

export const refundOrderEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/refunds',
  permission: 'orders.refund',
  summary:
    'Вернуть деньги за оплаченный заказ через платёжную систему: по строкам (штуки), доставку, всё целиком или свою сумму. Статус заказа не меняется; заказ с оплатой при получении вернуть здесь нельзя (409)',
  tag: TAG,
  params: orderIdParams,
  body: refundInput,
  response: z.object({
    amount: kopecks,
    refunds: z.array(z.object({ id: z.number(), paymentId: z.number(), amount: kopecks, status: refundStatus, error: z.string().nullable() })),
  }),
  handle: ({ params, body, actor }) => refundOrder(actor, params.id, body),
})

export const orderRefundEndpoints = [listRefunds, refundOrderEndpoint]
