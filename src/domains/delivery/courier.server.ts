import 'server-only'
import { Refusal } from '@/lib/refusal'
import { kopecksToRubles } from '@/lib/money'
import type { AddressCity, AddressSuggestion } from '@/domains/address/address'
import { addressService } from '@/domains/address/address.server'
import { DELIVERY_MESSAGES } from './delivery'
import type { CityRow } from './delivery.db'
import type { CourierInput, GetAddressInput } from './delivery.schema'
import { now } from '@/lib/clock'
import { courierSchedule, findCity, pickupDates, quoteForCity, serviceByHandler, usesCourierSlots } from './delivery.server'

/** How many suggestions the courier form lists. */
const SUGGESTIONS = 10

function toAddressCity(city: CityRow): AddressCity {
  return { code: city.code, name: city.name, fiasId: city.fiasId, fiasLevel: city.fiasLevel }
}

async function cityOrFail(code: string) {
  const city = await findCity(code)
  if (!city) throw new Refusal('not-found', DELIVERY_MESSAGES.unknownCity)
  return city
}

/** POST /ajax/getAddress/: suggestions for the typed address, or the 'not found' message. */
export async function getAddress(
  input: GetAddressInput,
): Promise<{ suggestions: AddressSuggestion[]; message?: string }> {
  const city = await cityOrFail(input.CITY)
  const suggestions = await addressService().suggest(toAddressCity(city), input.ADDRESS, SUGGESTIONS)
  return suggestions.length > 0 ? { suggestions } : { suggestions: [], message: DELIVERY_MESSAGES.addressNotFound }
}

export interface CourierOffer {
  name: string
  /** The shop's courier: the day the buyer picks. A carrier's courier: the first day of its period. */
  date: string
  /** Windows to pick from; none for a carrier's courier, which comes on a day of its own (ADR 212). */
  times: string[]
  price: number
  shipmentDate: string
  /** A carrier's courier: the last day of its period (dd.mm.yyyy). */
  deliveryTo?: string
}

/** POST /ajax/VueCourierComponent/: delivery days and windows for a full address, with the price. */
export async function courierOffers(
  input: CourierInput,
): Promise<{ couriers: CourierOffer[]; warning: string; address: string }> {
  const city = await cityOrFail(input.city)
  const service = await serviceByHandler(input.type || 'courier')
  if (!service || service.type !== 'courier') throw new Refusal('invalid', DELIVERY_MESSAGES.unknownService)
  // The full address must be one the address service confirms down to the house (spec, courier address).
  const check = await addressService().check(toAddressCity(city), input.address)
  if (check.kind !== 'complete') {
    throw new Refusal('invalid', check.kind === 'incomplete' ? DELIVERY_MESSAGES.fullAddress : DELIVERY_MESSAGES.addressNotFound)
  }
  const address = check.address
  if (!usesCourierSlots(service)) {
    // A carrier's courier (ADR 212): its price and period for the city, no days or windows to pick.
    const quote = await quoteForCity(service, city, input.basket)
    if (!quote) return { couriers: [], warning: DELIVERY_MESSAGES.courierImpossible, address }
    if (quote.overWeight) return { couriers: [], warning: DELIVERY_MESSAGES.overWeight, address }
    const dates = pickupDates(now(), quote)
    return {
      couriers: [
        { name: service.name, date: dates.deliveryFrom, deliveryTo: dates.deliveryTo, times: [], price: kopecksToRubles(quote.priceKopecks), shipmentDate: dates.shipmentDate },
      ],
      warning: '',
      address,
    }
  }
  const schedule = await courierSchedule(city.code)
  const quote = await quoteForCity(service, city, input.basket)
  if (!schedule || !quote || schedule.days.length === 0) {
    return { couriers: [], warning: DELIVERY_MESSAGES.courierImpossible, address }
  }
  if (quote.overWeight) return { couriers: [], warning: DELIVERY_MESSAGES.overWeight, address }
  return {
    couriers: schedule.days.map((d) => ({
      name: service.name,
      date: d.date,
      times: d.times,
      price: kopecksToRubles(quote.priceKopecks),
      shipmentDate: schedule.shipmentDate,
    })),
    warning: '',
    address,
  }
}
