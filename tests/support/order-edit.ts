import { and, eq } from 'drizzle-orm'
import { db } from '@/db/client'
import { courierSlotLoad, courierWindows, offers, orderLines } from '@/db/schema'
import { quoteDeliveryChoice } from '@/domains/delivery/delivery.server'

/**
 * What the order-edit tests (ADR 167 and its addendum, ADR 212) read the same way: an order's goods
 * as the checkout hands them to the delivery domain, the checkout's own quote for them, and how many
 * places of a courier slot are taken.
 */

/** The order's goods as the checkout hands them to the delivery domain. */
export async function basketOf(orderId: number) {
  const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId))
  return Promise.all(
    lines.map(async (l) => {
      const [o] = await db().select().from(offers).where(eq(offers.id, l.offerId!))
      return { name: l.name, externalId: l.offerId!, priceKopecks: l.price, quantity: l.quantity, weight: l.weightGrams, width: o!.widthMm, length: o!.lengthMm, height: o!.heightMm, vat: o!.vatPercent, aerialRestriction: o!.airRestricted ? 'true' : 'false' }
    }),
  )
}

type Choice = Omit<Parameters<typeof quoteDeliveryChoice>[1], 'basket' | 'cityCode'> & { cityCode?: string }

/** The checkout's own quote for the order's goods and this choice, in Moscow unless the choice names a city. */
export async function checkoutQuote(orderId: number, choice: Choice) {
  return quoteDeliveryChoice(db(), { cityCode: 'moskva', ...choice, basket: await basketOf(orderId) })
}

/** Places taken in a courier slot: the day as dd.mm.yyyy, the window by its start. */
export async function slotLoad(day: string, timeFrom: string, cityCode = 'moskva') {
  const [window] = await db().select().from(courierWindows).where(eq(courierWindows.timeFrom, timeFrom))
  const [row] = await db()
    .select({ booked: courierSlotLoad.booked })
    .from(courierSlotLoad)
    .where(and(eq(courierSlotLoad.cityCode, cityCode), eq(courierSlotLoad.date, day.split('.').reverse().join('-')), eq(courierSlotLoad.windowId, window!.id)))
  return row?.booked ?? 0
}
