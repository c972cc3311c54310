import { beforeEach, describe, expect, it, vi } from 'vitest'
import { REGION_COOKIE } from '@/domains/delivery/delivery'
import { SESSION_COOKIE } from '@/lib/session'
import { checkout, offerWithStock, orderFields, visitorWithBasket } from '../../../tests/support/checkout'
import type { Visitor } from '../../../tests/support/http'
import { setAddressService } from '../../../tests/support/test-hooks'
import { checkoutView } from './checkout-page.server'

/** The request's cookies and headers, as the page's server component reads them. */
const jar = new Map<string, string>()
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) }),
  headers: async () => new Headers({ 'x-forwarded-for': '203.0.113.7' }),
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

  it('on a first visit without the cookie, is the city of the visitor’s IP address when the address service knows it (ADR 175)', async () => {
    const offer = await offerWithStock(50, 40)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    const asked: string[] = []
    setAddressService({
      code: 'fake',
      suggest: async () => [],
      check: async () => ({ kind: 'unknown' }),
      locate: async (ip) => {
        asked.push(ip)
        return { fiasIds: ['93b3df57-4c89-44df-ac42-96f05e9cd3b9'], cityName: 'Казань' }
      },
    })
    try {
      expect(await firstLocation(visitor)).toEqual({ value: 'kazan', place: 'kazan' })
      expect(asked).toEqual(['203.0.113.7'])
      // The cookie the place search set still wins over the address.
      expect(await firstLocation(visitor, 'omsk')).toEqual({ value: 'omsk', place: 'omsk' })
    } finally {
      setAddressService(null)
    }
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
