import { z } from 'zod'
import { REVIEW_STATUSES, SUBSCRIPTION_STATUSES } from '@/db/schema'
import { ORDER_STATUS_CODES } from '@/domains/orders/order-admin.schema'
import { customerIdParams, customerListQuery } from '@/domains/customers/customers.schema'
import { anonymiseCustomer, customerDetail, listCustomers } from '@/domains/customers/customers.server'
import { endpoint } from '../endpoint'

const TAG = 'Покупатели'

const totals = z.object({
  orders: z.number().describe('Всего заказов'),
  active: z.number().describe('Заказов без отменённых'),
  spent: z.number().describe('Сумма заказов без отменённых, копейки'),
  paid: z.number().describe('Сумма оплаченных заказов без отменённых, копейки'),
  lastOrderAt: z.string().nullable(),
})

const listItem = z.object({ id: z.number(), email: z.string(), name: z.string(), phone: z.string(), createdAt: z.string(), subscribed: z.boolean(), totals })

export const listCustomersEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/customers',
  permission: 'customers.read',
  summary: 'Покупатели: поиск по имени, e-mail или телефону, новые сначала',
  tag: TAG,
  query: customerListQuery,
  response: z.object({ items: z.array(listItem), total: z.number(), page: z.number(), limit: z.number(), pages: z.number() }),
  handle: ({ query }) => listCustomers(query),
})

const detail = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  birthday: z.string().nullable(),
  createdAt: z.string(),
  hasPassword: z.boolean(),
  subscribed: z.boolean().describe('Согласие на рассылку в личном кабинете'),
  addresses: z.array(z.string()),
  totals,
  orders: z.array(
    z.object({
      id: z.number(),
      createdAt: z.string(),
      status: z.enum(ORDER_STATUS_CODES),
      paidAt: z.string().nullable(),
      total: z.number(),
      items: z.number(),
      deliveryName: z.string(),
      address: z.string(),
    }),
  ),
  subscriptions: z.array(z.object({ id: z.number(), page: z.string(), status: z.enum(SUBSCRIPTION_STATUSES), createdAt: z.string(), confirmedAt: z.string().nullable() })),
  reviews: z.array(
    z.object({ id: z.number(), productId: z.number(), productName: z.string(), rating: z.number(), text: z.string(), status: z.enum(REVIEW_STATUSES), createdAt: z.string() }),
  ),
})

export const customerEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/customers/{id}',
  permission: 'customers.read',
  summary: 'Покупатель: заказы с итогами, адреса, подписки, отзывы',
  tag: TAG,
  params: customerIdParams,
  response: detail,
  handle: ({ params }) => customerDetail(params.id),
})

export const anonymiseCustomerEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/customers/{id}/anonymise',
  permission: 'customers.write',
  summary: 'Удалить личные данные покупателя по запросу (152-ФЗ); заказы остаются для учёта без них',
  tag: TAG,
  params: customerIdParams,
  response: z.object({ orders: z.array(z.number()).describe('Номера сохранённых заказов'), message: z.string() }),
  handle: ({ params, actor }) => anonymiseCustomer(actor, params.id),
})

export const customerEndpoints = [listCustomersEndpoint, customerEndpoint, anonymiseCustomerEndpoint]
