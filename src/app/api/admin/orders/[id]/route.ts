import { getOrderEndpoint } from '@/admin/api/orders'

export const GET = getOrderEndpoint.serve
