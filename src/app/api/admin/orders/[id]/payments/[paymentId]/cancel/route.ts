import { cancelPaymentEndpoint } from '@/admin/api/order-payments'

export const POST = cancelPaymentEndpoint.serve
