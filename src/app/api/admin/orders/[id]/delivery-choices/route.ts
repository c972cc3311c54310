import { orderDeliveryChoicesEndpoint } from '@/admin/api/order-edit'

export const GET = orderDeliveryChoicesEndpoint.serve
