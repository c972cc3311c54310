import { capturePaymentEndpoint } from '@/admin/api/order-payments'

export const POST = capturePaymentEndpoint.serve
