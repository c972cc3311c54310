import { editOrderLines } from '@/admin/api/order-edit'

export const POST = editOrderLines.serve
