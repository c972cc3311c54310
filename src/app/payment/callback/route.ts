import { paymentCallbackRoute } from '@/domains/payment/payment.server'

/** Server-to-server: the provider's signature, not a sessid, proves the call (payment.server.ts). */
export const POST = paymentCallbackRoute
