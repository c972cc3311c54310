import { notifyYookassa, yookassaSourceRefusal } from '@/domains/payment/providers/yookassa/yookassa.server'
import { yookassaNotification } from '@/domains/payment/providers/yookassa/yookassa'
import { json } from '@/lib/ajax'
import { machineApi } from '@/lib/machine-api'

const handle = machineApi(
  {
    schema: yookassaNotification,
    // A notification carries one payment or refund object: a few kilobytes with its receipt details.
    maxBytes: 65_536,
    body: 'json',
    authorize: yookassaSourceRefusal,
    invalid: () => json({ result: 'bad-request' }, 400),
  },
  notifyYookassa,
)

/** Server-to-server: ЮKassa signs nothing, so its networks and a re-read of the object prove the call (ADR 173). */
export const POST = (request: Request) => handle(request)
