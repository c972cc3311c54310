import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_CART, type Cart } from '../cart'

interface Call {
  url: string
  fields: Record<string, unknown>
  answer: (value: unknown) => void
}

/** Every call the store makes waits here until the test answers it, in the order the test picks. */
const calls: Call[] = []
vi.mock('@/lib/ajax-client', () => ({
  AjaxCallError: class extends Error {},
  postForm: (url: string, fields: Record<string, unknown>) => new Promise((answer) => calls.push({ url, fields, answer })),
}))

const store = () => import('./cart-store')

function cartWith(quantity: number): Cart {
  const line = {
    id: 7, idInBasket: 1, productId: 7, name: 'Омега-3', link: '/p/7/', img: '', main_product_img: '', properties: {},
    quantity, max: 100, price: 500, discount: 0, sum: 500 * quantity, SECTION_NAME: 'Витамины', BRAND: 'Фито',
  }
  return { ...EMPTY_CART, Products: [line], Count: quantity, TotalPrice: line.sum, ProductsPrice: line.sum, NormalPrice: line.sum }
}

async function callTo(url: string, action: string): Promise<Call> {
  await vi.waitFor(() => expect(calls.some((c) => c.url === url && (c.fields.ACTION ?? c.fields.action) === action)).toBe(true))
  const at = calls.findIndex((c) => c.url === url && (c.fields.ACTION ?? c.fields.action) === action)
  return calls.splice(at, 1)[0]!
}

describe('the visitor store against a basket read answered late', () => {
  beforeEach(() => {
    calls.length = 0
    vi.resetModules()
    // The basket's changing calls send the page's title.
    vi.stubGlobal('document', { title: 'Омега-3' })
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('keeps the cart a repeated order answered over the page start’s older read', async () => {
    const { startVisitorStore, adoptServerCart, findLine, BASKET_URL, FAVORITES_URL } = await store()
    const started = startVisitorStore()
    const read = await callTo(BASKET_URL, 'GetBasket')
    ;(await callTo(FAVORITES_URL, 'get')).answer([])
    adoptServerCart(cartWith(1))
    read.answer(EMPTY_CART)
    await started
    expect(findLine(7)?.quantity).toBe(1)
  })

  it('keeps the cart an Add answered while the page start’s read was in flight', async () => {
    const { startVisitorStore, addToBasket, findLine, BASKET_URL, FAVORITES_URL } = await store()
    const started = startVisitorStore()
    const read = await callTo(BASKET_URL, 'GetBasket')
    ;(await callTo(FAVORITES_URL, 'get')).answer([])
    const added = addToBasket(7, 2)
    ;(await callTo(BASKET_URL, 'Add')).answer(cartWith(2))
    await added
    read.answer(cartWith(0))
    await started
    expect(findLine(7)?.quantity).toBe(2)
  })

  it('keeps a change over a re-read of the basket that was in flight', async () => {
    const { serverBasketChanged, adoptServerCart, findLine, BASKET_URL } = await store()
    const reread = serverBasketChanged()
    const read = await callTo(BASKET_URL, 'GetBasket')
    adoptServerCart(cartWith(3))
    read.answer(EMPTY_CART)
    await reread
    expect(findLine(7)?.quantity).toBe(3)
  })

  it('takes the read’s cart when nothing changed the basket meanwhile', async () => {
    const { startVisitorStore, serverBasketChanged, findLine, BASKET_URL, FAVORITES_URL } = await store()
    const started = startVisitorStore()
    ;(await callTo(FAVORITES_URL, 'get')).answer([])
    ;(await callTo(BASKET_URL, 'GetBasket')).answer(cartWith(4))
    await started
    expect(findLine(7)?.quantity).toBe(4)
    const reread = serverBasketChanged()
    ;(await callTo(BASKET_URL, 'GetBasket')).answer(cartWith(5))
    await reread
    expect(findLine(7)?.quantity).toBe(5)
  })
})
