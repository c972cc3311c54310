import { z } from 'zod'
import { citySuggestions } from '@/domains/delivery/places.server'
import { orderIdParams } from '@/domains/orders/order-admin-actions.schema'
import { citySearchQuery, citySuggestionsView, deliveryChoicesQuery, deliveryEditChoicesView, orderEditInput } from '@/domains/orders/order-edit'
import { editOrder, orderDeliveryChoices } from '@/domains/orders/order-edit.server'
import { endpoint } from '../endpoint'

export const editOrderLines = endpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/edit',
  permission: 'orders.write',
  summary: 'Изменить заказ до отгрузки: количества (0 — убрать строку), новые товары, доставку (способ, пункт, адрес, интервал курьера, другой город); остатки, интервал и суммы пересчитываются; оплаченному заказу, ставшему дешевле, разница возвращается, дороже — открывается доплата (второй платёж, ссылка покупателю письмом); оплаченному не онлайн — отказ',
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

export const orderDeliveryChoicesEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/orders/{id}/delivery-choices',
  permission: 'orders.write',
  summary: 'Способы доставки для изменения заказа в его городе или в другом (city — код или название): цены для состава заказа, пункты выдачи, свободные интервалы курьера',
  tag: 'Заказы',
  params: orderIdParams,
  query: deliveryChoicesQuery,
  response: deliveryEditChoicesView,
  handle: ({ params, query }) => orderDeliveryChoices(params.id, query.city),
})

export const citySuggestionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/cities',
  permission: 'orders.write',
  summary: 'Подсказка городов для доставки заказа: до 20 городов по названию (от 2 букв), крупные первыми',
  tag: 'Заказы',
  query: citySearchQuery,
  response: citySuggestionsView,
  handle: async ({ query }) => ({
    items: (await citySuggestions(query.q ?? '')).map((c) => ({ code: c.code, name: c.name, region: c.region, display: c.display })),
  }),
})

export const orderEditEndpoints = [editOrderLines, orderDeliveryChoicesEndpoint, citySuggestionsEndpoint]
