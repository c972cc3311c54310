import { z } from 'zod'
import { db } from '@/db/client'
import { orderIdParams } from '@/domains/orders/order-admin-actions.schema'
import { refreshOrderShipment, registerShipment, shipmentOf, shipmentReadiness } from '@/domains/delivery/shipments/shipments.server'
import { endpoint } from '../endpoint'

const status = z.object({ code: z.string(), name: z.string(), at: z.string(), city: z.string() })
const shipmentView = z.object({
  orderId: z.number(),
  carrier: z.string(),
  uuid: z.string(),
  trackNumber: z.string(),
  tariffCode: z.number().nullable(),
  pointCode: z.string(),
  statusCode: z.string(),
  statusName: z.string(),
  statusAt: z.string().nullable(),
  statuses: z.array(status),
  readyMailedAt: z.string().nullable(),
  final: z.boolean(),
  lastError: z.string(),
  createdAt: z.string(),
  checkedAt: z.string(),
})
const TAG = 'Заказы'

export const readShipmentEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/orders/{id}/shipment',
  permission: 'orders.read',
  summary: 'Отправление перевозчика (СДЭК и другие) по заказу: номер, последний статус и история статусов; можно ли его зарегистрировать',
  tag: TAG,
  params: orderIdParams,
  response: z.object({
    shipment: shipmentView.nullable(),
    /** The order goes by a carrier that takes parcels. */
    carrierOrder: z.boolean(),
    /** Kept for integrations written before other carriers (ADR 195): the carrier is СДЭК. */
    cdekOrder: z.boolean(),
    carrier: z.object({ code: z.string(), name: z.string() }).nullable(),
    canRegister: z.boolean(),
    reason: z.string().nullable(),
  }),
  handle: async ({ params }) => {
    const [shipment, readiness] = await Promise.all([shipmentOf(params.id), shipmentReadiness(params.id)])
    return { shipment, ...readiness, cdekOrder: readiness.carrier?.code === 'cdek', ...(shipment && shipment.statusCode !== 'INVALID' ? { canRegister: false, reason: null } : {}) }
  },
})

export const registerShipmentEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/shipment',
  permission: 'orders.fulfil',
  summary: 'Зарегистрировать отправление у перевозчика заказа (СДЭК: POST /orders): посылка заказа, получатель, пункт выдачи или адрес, тариф',
  tag: TAG,
  params: orderIdParams,
  response: shipmentView,
  handle: ({ params, actor }) => registerShipment(db(), actor, params.id),
})

export const refreshShipmentEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/shipment/refresh',
  permission: 'orders.fulfil',
  summary: 'Перечитать отправление у перевозчика (СДЭК: GET /orders/{uuid}) и сохранить номер и статус',
  tag: TAG,
  params: orderIdParams,
  response: shipmentView,
  handle: ({ params }) => refreshOrderShipment(params.id),
})

export const shipmentEndpoints = [readShipmentEndpoint, registerShipmentEndpoint, refreshShipmentEndpoint]
