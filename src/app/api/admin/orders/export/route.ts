import { exportOrdersEndpoint } from '@/admin/api/orders'

export const GET = exportOrdersEndpoint.serve
