import { listOrdersEndpoint } from '@/admin/api/orders'

export const GET = listOrdersEndpoint.serve
