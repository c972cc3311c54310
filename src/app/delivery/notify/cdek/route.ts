import { webhookBody } from '@/domains/delivery/shipments/cdek-shipment'
import { handleCdekWebhook } from '@/domains/delivery/shipments/shipments.server'
import { machineApi } from '@/lib/machine-api'

const handle = machineApi(
  {
    schema: webhookBody,
    // A status webhook is a few hundred bytes.
    maxBytes: 16_384,
    body: 'json',
  },
  handleCdekWebhook,
)

/**
 * СДЭК's ORDER_STATUS webhook (ADR 188), subscribed with POST /webhooks {type: 'ORDER_STATUS', url:
 * '<PUBLIC_URL>/delivery/notify/cdek/'}. Unsigned: the body only names which order to re-read.
 */
export const POST = (request: Request) => handle(request)
