import { paymentCallbackInput } from '@/domains/payment/payment.schema'
import { receivePaymentCallback } from '@/domains/payment/payment.server'
import { json } from '@/lib/ajax'
import { machineApi } from '@/lib/machine-api'

const handle = machineApi(
  {
    schema: paymentCallbackInput,
    // A notification is a few hundred bytes; reading stops here.
    maxBytes: 4096,
    body: 'json-or-form',
    invalid: () => json({ result: 'bad-request' }, 400),
  },
  receivePaymentCallback,
)

/** Server-to-server: the provider's signature, not a sessid, proves the call (payment.server.ts). */
export const POST = (request: Request) => handle(request)
