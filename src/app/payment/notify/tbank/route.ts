import { tbankNotification } from '@/domains/payment/providers/tbank/tbank'
import { notifyTbank } from '@/domains/payment/providers/tbank/tbank.server'
import { machineApi } from '@/lib/machine-api'

const handle = machineApi(
  {
    schema: tbankNotification,
    // A notification names one payment: well under a kilobyte, with DATA a few.
    maxBytes: 16_384,
    body: 'json',
    invalid: () => new Response('bad request', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } }),
  },
  notifyTbank,
)

/** Server-to-server: the Token signs it, and GetState is read again before acting (ADR 181). */
export const POST = (request: Request) => handle(request)
