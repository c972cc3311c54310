import { printOrdersEndpoint } from '@/admin/api/order-print'

export const GET = printOrdersEndpoint.serve
