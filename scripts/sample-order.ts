/**
 * The order a scripted buyer places (the bench's saves, the chaos run's buyers): cash on delivery to a
 * СДЭК point in Moscow, with ids read from the shop's own refresh answer rather than assumed.
 */

/** What the checkout's refresh answers that such a buyer needs. */
export interface RefreshedOrder {
  ORDER_PROP: { properties: { ID: string; CODE: string | null }[] }
  DELIVERY: Record<string, { ID: string; CODE?: string }>
  PAY_SYSTEM: { ID: string; CODE: string }[]
}

export interface PickupPoint {
  id: string
  address: string
}

/** The save's fields, or null when the seed has no СДЭК delivery, cash payment or point. */
export function sampleOrderFields(
  order: RefreshedOrder,
  point: PickupPoint | undefined,
  buyer: { lastName: string; email: string },
): Record<string, string> | null {
  const propId = (code: string) => order.ORDER_PROP.properties.find((p) => p.CODE === code)?.ID ?? ''
  const sdek = Object.values(order.DELIVERY).find((d) => d.CODE === 'sdek')
  const cash = order.PAY_SYSTEM.find((p) => p.CODE === 'cash')
  if (!sdek || !cash || !point) return null
  const values: Record<string, string> = {
    PROP_NAME: 'Анна',
    PROP_LASTNAME: buyer.lastName,
    PROP_EMAIL: buyer.email,
    PROP_PHONE: '+7 (912) 345-67-89',
    LOCATION: 'moskva',
    MICRO_HANDLER: 'sdek',
    MICRO_POINT_ID: point.id,
    PROP_ADDRESS: point.address,
  }
  return {
    action: 'saveOrderAjax',
    SITE_ID: 's2',
    via_ajax: 'Y',
    'order[PERSON_TYPE]': '1',
    'order[location_type]': 'code',
    'order[DELIVERY_ID]': sdek.ID,
    'order[PAY_SYSTEM_ID]': cash.ID,
    ...Object.fromEntries(Object.entries(values).map(([code, value]) => [`order[ORDER_PROP_${propId(code)}]`, value])),
  }
}
