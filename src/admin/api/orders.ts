import { z } from 'zod'
import { ORDER_STATUSES } from '@/db/schema/orders'
import { orderIdParams, orderNoteInput, orderStatusInput } from '@/domains/orders/order-admin-actions.schema'
import { exportOrdersCsv, listOrders } from '@/domains/orders/order-admin-list.server'
import { orderListQuery } from '@/domains/orders/order-admin.schema'
import { addOrderNote, changeOrderStatus, orderDetail, ORDER_ADMIN_MESSAGES } from '@/domains/orders/order-admin.server'
import { Refusal } from '@/lib/refusal'
import { csvFile, endpoint } from '../endpoint'

const TAG = 'Заказы'
const status = z.enum(ORDER_STATUSES)
const kopecks = z.number().int().describe('копейки')
const when = z.string().describe('ISO 8601')

const listItem = z.object({
  id: z.number(),
  createdAt: when,
  status,
  paid: z.boolean(),
  paidAt: when.nullable(),
  buyerName: z.string(),
  phone: z.string(),
  email: z.string(),
  city: z.string(),
  deliveryName: z.string(),
  paySystemCode: z.string(),
  paySystemName: z.string(),
  couponCode: z.string().nullable(),
  items: z.number().int(),
  goodsPrice: kopecks,
  deliveryPrice: kopecks,
  total: kopecks,
  trackNumber: z.string().nullable(),
})

const orderPage = z.object({
  items: z.array(listItem),
  total: z.number().int().describe('Сколько заказов нашлось; при totalExact = false — больше этого числа'),
  totalExact: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
})

const timelineEntry = z.object({
  at: when,
  kind: z.enum(['status', 'payment', 'refund', 'mail', 'note', 'change']),
  title: z.string(),
  text: z.string(),
  author: z.string().nullable(),
})

const orderDetailAnswer = z.object({
  id: z.number(),
  createdAt: when,
  source: z.enum(['checkout', 'one-click']),
  status,
  steps: z.array(status).describe('Статусы, в которые этот сотрудник или токен может перевести заказ сейчас'),
  buyer: z.object({ name: z.string(), email: z.string(), phone: z.string(), userId: z.number().nullable() }),
  comment: z.string(),
  lines: z.array(
    z.object({
      id: z.number(),
      offerId: z.number().nullable(),
      productId: z.number().nullable(),
      name: z.string(),
      link: z.string(),
      picture: z.string(),
      properties: z.record(z.string(), z.string()),
      quantity: z.number().int(),
      basePrice: kopecks,
      price: kopecks,
      sum: kopecks,
      gift: z.boolean(),
    }),
  ),
  totals: z.object({ basePrice: kopecks, discount: kopecks, goodsPrice: kopecks, deliveryPrice: kopecks, total: kopecks, weightGrams: z.number().int() }),
  coupon: z.string().nullable(),
  delivery: z.object({
    id: z.string(),
    name: z.string(),
    carrier: z.string().nullable(),
    city: z.string(),
    cityCode: z.string(),
    address: z.string(),
    pointId: z.string().nullable(),
    slot: z.object({ date: z.string(), time: z.string() }).nullable(),
    trackNumber: z.string().nullable(),
    trackingLink: z.string().nullable(),
    fitoId: z.string().nullable(),
  }),
  payment: z.object({
    code: z.string(),
    name: z.string(),
    paidAt: when.nullable(),
    cancelledAt: when.nullable(),
    payments: z.array(
      z.object({ id: z.number(), provider: z.string(), externalId: z.string(), amount: kopecks, status: z.string(), createdAt: when, completedAt: when.nullable() }),
    ),
    refunds: z.array(z.object({ id: z.number(), paymentId: z.number(), amount: kopecks, status: z.string(), reason: z.string(), createdAt: when })),
  }),
  props: z.record(z.string(), z.string()),
  timeline: z.array(timelineEntry),
})

export const listOrdersEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/orders',
  permission: 'orders.read',
  summary: 'Заказы: фильтры, поиск, сортировка, страницы',
  tag: TAG,
  query: orderListQuery,
  response: orderPage,
  handle: ({ query }) => listOrders(query),
})

export const exportOrdersEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/orders/export',
  permission: 'orders.read',
  summary: 'Заказы по тем же фильтрам в CSV (до 100 000 строк; page и limit не учитываются)',
  tag: TAG,
  query: orderListQuery,
  response: 'csv',
  handle: async ({ query }) => csvFile('заказы.csv', await exportOrdersCsv(query)),
})

export const getOrderEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/orders/{id}',
  permission: 'orders.read',
  summary: 'Заказ: состав, суммы, доставка, оплата, покупатель и история',
  tag: TAG,
  params: orderIdParams,
  response: orderDetailAnswer,
  handle: async ({ params, actor }) => {
    const detail = await orderDetail(params.id, actor)
    if (!detail) throw new Refusal('not-found', ORDER_ADMIN_MESSAGES.notFound)
    return detail
  },
})

export const changeOrderStatusEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/status',
  permission: 'orders.fulfil',
  summary: 'Сменить статус заказа по таблице переходов (склад — только «Передан в доставку» с трек-номером)',
  tag: TAG,
  params: orderIdParams,
  body: orderStatusInput,
  response: z.object({ status, changed: z.boolean() }),
  handle: ({ params, body, actor }) => changeOrderStatus(actor, params.id, body),
})

export const addOrderNoteEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/notes',
  permission: 'orders.fulfil',
  summary: 'Внутренняя заметка к заказу (покупатель её не видит)',
  tag: TAG,
  params: orderIdParams,
  body: orderNoteInput,
  response: z.object({ id: z.number(), author: z.string(), text: z.string(), createdAt: when }),
  handle: ({ params, body, actor }) => addOrderNote(actor, params.id, body),
})

export const orderEndpoints = [listOrdersEndpoint, exportOrdersEndpoint, getOrderEndpoint, changeOrderStatusEndpoint, addOrderNoteEndpoint]
