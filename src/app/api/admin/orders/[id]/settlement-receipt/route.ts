import { settlementReceiptEndpoint } from '@/admin/api/order-payments'

export const POST = settlementReceiptEndpoint.serve
