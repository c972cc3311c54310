import { dolyameNotification } from '@/domains/payment/providers/dolyame/dolyame'
import { notifyDolyame } from '@/domains/payment/providers/dolyame/dolyame.server'
import { json } from '@/lib/ajax'
import { machineApi } from '@/lib/machine-api'

const handle = machineApi(
  {
    schema: dolyameNotification,
    // One order with its payment schedule: a few kilobytes.
    maxBytes: 65_536,
    body: 'json',
    invalid: () => json({ result: 'bad-request' }, 400),
  },
  notifyDolyame,
)

/** Server-to-server: Долями signs nothing, so the order is read again with `info` before acting (ADR 182). */
export const POST = (request: Request) => handle(request)
