import 'server-only'
import { now } from '@/lib/clock'
import { parcelOf, type DeliveryBasketLine } from './delivery'
import { addDays, fromRuDate, shipmentDay } from './delivery-dates'
import { NO_SUMMARY, summaryRow, type DeliverySummary, type SummaryOffer } from './delivery-summary'
import { courierSchedule, findCity, listDeliveryOptions, quoteForCity, serviceByHandler, usesCourierSlots } from './delivery.server'

/**
 * The cheapest pickup and courier delivery of a basket to a city, with dates and what is left to free
 * delivery (ADR 095). Built from the same options, tariffs and courier schedule the checkout offers;
 * methods the basket is too heavy for and the post (a separate kind the cart does not summarise) are left out.
 */
export async function deliverySummary(cityCode: string, basket: DeliveryBasketLine[]): Promise<DeliverySummary> {
  const city = cityCode ? await findCity(cityCode) : undefined
  if (!city) return NO_SUMMARY
  const at = now()
  const options = await listDeliveryOptions({ cityCode: city.code, basket })
  const offers: SummaryOffer[] = []
  for (const option of options) {
    if (option.blocked || option.type === 'postal') continue
    const service = await serviceByHandler(option.handler)
    const quote = service ? await quoteForCity(service, city, basket) : null
    if (!service || !quote) continue
    const base = { serviceName: option.name, sort: option.sort, priceKopecks: option.priceKopecks, freeFromKopecks: service.freeFromKopecks }
    if (option.type === 'courier' && !usesCourierSlots(service)) {
      // A carrier's courier (ADR 212) comes within its period, counted like a parcel to a point.
      const ship = shipmentDay(at)
      offers.push({ ...base, kind: 'courier', dateFrom: addDays(ship, quote.daysFrom), dateTo: addDays(ship, quote.daysTo) })
    } else if (option.type === 'courier') {
      // The courier comes on a day the buyer picks: the first day that still has a free window.
      const first = (await courierSchedule(city.code))?.days[0]
      const day = first ? fromRuDate(first.date) : null
      if (day) offers.push({ ...base, kind: 'courier', dateFrom: day, dateTo: day })
    } else {
      const ship = shipmentDay(at)
      offers.push({ ...base, kind: 'pickup', dateFrom: addDays(ship, quote.daysFrom), dateTo: addDays(ship, quote.daysTo) })
    }
  }
  const goods = parcelOf(basket).sumKopecks
  return {
    city: { code: city.code, name: city.name },
    pickup: summaryRow(offers, 'pickup', goods),
    courier: summaryRow(offers, 'courier', goods),
  }
}
