import { z } from 'zod'
import { orderIdParams } from '@/domains/orders/order-admin-actions.schema'
import { orderEditInput } from '@/domains/orders/order-edit'
import { editOrder } from '@/domains/orders/order-edit.server'
import { endpoint } from '../endpoint'

export const editOrderLines = endpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/edit',
  permission: 'orders.write',
  summary: 'Изменить заказ до отгрузки: количества (0 — убрать строку), новые товары, доставку (способ, пункт, адрес, интервал курьера); остатки, интервал и суммы пересчитываются; оплаченному заказу, ставшему дешевле, разница возвращается, дороже — открывается доплата (второй платёж, ссылка покупателю письмом); оплаченному не онлайн — отказ',
  tag: 'Заказы',
  params: orderIdParams,
  body: orderEditInput,
  response: z.object({
    total: z.number().int(),
    refunded: z.number().int().describe('Сколько копеек возвращено покупателю (оплаченный заказ стал дешевле)'),
    due: z.number().int().describe('Сколько копеек покупатель должен доплатить (оплаченный заказ стал дороже), 0 — ничего'),
  }),
  handle: ({ params, body, actor }) => editOrder(actor, params.id, body),
})

export const orderEditEndpoints = [editOrderLines]
