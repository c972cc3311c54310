import 'server-only'
import { db } from '@/db/client'
import { CARRIER_PROP, FITO_ID_PROP, TRACK_PROP, trackingLink } from '@/domains/orders/fulfilment'
import { ORDER_STATUS, orderHistory } from '@/domains/orders/orders.server'
import { paymentProvider } from '@/domains/payment/payment'
import { carrierStatusTexts } from '@/domains/delivery/shipments/shipments.server'
import { formatRub } from '@/lib/money'
import { deliveryKinds } from './account.db'
import { buyerMayCancel } from './order-actions'
import { deliveryKind, historyDate, propText, type HistoryOrder } from './order-history'

/** The signed-in user's orders, newest first; only the account's own orders exist here (S9). */
export async function historyOf(userId: number): Promise<HistoryOrder[]> {
  const [list, kinds] = await Promise.all([orderHistory(db(), userId), deliveryKinds(db())])
  const carrierStatuses = await carrierStatusTexts(list.map(({ order }) => order.id))
  return list.map(({ order, lines }) => {
    const delivery = kinds.get(order.deliveryId)
    const track = propText(order.props, TRACK_PROP)
    const status = ORDER_STATUS[order.status]
    return {
      id: order.id,
      number: String(order.id),
      fitoId: propText(order.props, FITO_ID_PROP),
      date: historyDate(order.createdAt),
      status: { NAME: status.label, COLOR: status.color },
      track,
      carrierStatus: carrierStatuses.get(order.id) ?? null,
      // The back office names the carrier when the parcel does not go with the service the buyer chose.
      deliveryTrackLink: trackingLink(propText(order.props, CARRIER_PROP) ?? delivery?.code, track),
      products: lines.map((line) => ({
        img: line.picture,
        link: line.link,
        name: line.name,
        properties: line.properties,
        quantity: line.quantity,
      })),
      typeDelivery: deliveryKind(delivery?.type),
      nameDelivery: order.deliveryName,
      address: order.address || order.locationName,
      payment: order.paySystemName,
      total: formatRub(order.total),
      payUrl: order.status === 'awaiting_payment' ? paymentProvider(order.paySystemCode).payUrl(order) ?? `/personal/order/?ORDER_ID=${order.id}` : null,
      canCancel: buyerMayCancel(order.status),
    }
  })
}
