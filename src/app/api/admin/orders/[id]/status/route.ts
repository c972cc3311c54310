import { changeOrderStatusEndpoint } from '@/admin/api/orders'

export const POST = changeOrderStatusEndpoint.serve
