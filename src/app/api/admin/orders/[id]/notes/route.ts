import { addOrderNoteEndpoint } from '@/admin/api/orders'

export const POST = addOrderNoteEndpoint.serve
