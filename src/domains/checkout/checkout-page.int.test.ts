import { beforeEach, describe, expect, it, vi } from 'vitest'
import { REGION_COOKIE } from '@/domains/delivery/delivery'
import { SESSION_COOKIE } from '@/lib/session'
import { checkout, offerWithStock, orderFields, visitorWithBasket } from '../../../tests/support/checkout'
import type { Visitor } from '../../../tests/support/http'
import { checkoutView } from './checkout-page.server'

/** The request's cookies, as the page's server component reads them. */
const jar = new Map<string, string>()
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) }),
}))

beforeEach(() => jar.clear())

async function firstLocation(visitor: Visitor, region?: string) {
  jar.set(SESSION_COOKIE, visitor.sessionId)
  if (region !== undefined) jar.set(REGION_COOKIE, region)
  const view = await checkoutView()
  if (view.kind !== 'checkout') throw new Error('the basket should not be empty')
  const location = view.initial.order?.ORDER_PROP.properties.find((p) => p.IS_LOCATION === 'Y')
  return { value: location?.VALUE[0], place: view.place?.code }
}

describe('the checkout page’s first location', () => {
  it('comes from the region cookie the place search set', async () => {
    const offer = await offerWithStock(50, 40)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    expect(await firstLocation(visitor, 'kazan')).toEqual({ value: 'kazan', place: 'kazan' })
  })

  it('control: without the cookie, or with a place we do not know, it is the shop default', async () => {
    const offer = await offerWithStock(50, 40)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    expect(await firstLocation(visitor)).toEqual({ value: 'moskva', place: 'moskva' })
    expect(await firstLocation(visitor, 'atlantida')).toEqual({ value: 'moskva', place: 'moskva' })
  })

  it('does not override a location the form already has', async () => {
    const offer = await offerWithStock(50, 41)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    // The client's refresh sends the form's own location: the cookie plays no part there.
    const fields = await orderFields({ props: { LOCATION: 'moskva' } })
    const { body } = await checkout<{ order: { ORDER_PROP: { properties: { IS_LOCATION: string; VALUE: string[] }[] } } }>(
      'refreshOrderAjax',
      { ...fields, 'order[RECENT_DELIVERY_VALUE]': 'kazan' },
      visitor,
    )
    expect(body.order.ORDER_PROP.properties.find((p) => p.IS_LOCATION === 'Y')?.VALUE).toEqual(['moskva'])
  })
})
