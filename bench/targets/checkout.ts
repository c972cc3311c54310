import { sampleOrderFields, type PickupPoint, type RefreshedOrder } from '../../scripts/sample-order'
import type { BenchTarget, BenchVisitor } from '../types'

/**
 * Checkout (issue 5): refresh p95 < 50 ms, save p95 < 150 ms.
 * Refresh rebuilds the whole order each time (Moscow, all deliveries priced, coupons evaluated).
 * Saves are timed twice: refused after the full build and validation (nothing written), and placing
 * real orders — each client is its own visitor, and before each save (untimed) puts one unit of
 * ORDER_OFFER_ID back into the basket the previous order emptied. bench/stock.ts gives that offer
 * a stock no run sells out before the server starts, so every save takes stock like a real order.
 */
const AJAX = '/local/components/bitrix/sale.order.ajax/ajax.php'
export const ORDER_OFFER_ID = 1

async function post(baseUrl: string, visitor: BenchVisitor, path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie: visitor.cookie },
    body: new URLSearchParams({ ...fields, sessid: visitor.sessid }),
  })
}

async function withBasket(visitor: BenchVisitor, baseUrl: string): Promise<void> {
  await post(baseUrl, visitor, '/ajax/basket/', { ACTION: 'Add', ID: String(ORDER_OFFER_ID), QUANTITY: '2' })
}

const contact = {
  'order[PERSON_TYPE]': '1',
  'order[ORDER_PROP_1]': 'Анна',
  'order[ORDER_PROP_3]': 'Иванова',
  'order[ORDER_PROP_4]': 'anna@example.ru',
  'order[ORDER_PROP_5]': '+7 (912) 345-67-89',
  'order[location_type]': 'code',
}

/** The fields of a save that places an order: read from the shop itself, not assumed. */
let placing: Record<string, string> | null = null

async function learnPlacingFields(visitor: BenchVisitor, baseUrl: string): Promise<void> {
  await withBasket(visitor, baseUrl)
  if (placing) return
  const refresh = await post(baseUrl, visitor, AJAX, { action: 'refreshOrderAjax', SITE_ID: 's2', via_ajax: 'Y', 'order[PERSON_TYPE]': '1' })
  const { order } = (await refresh.json()) as { order: RefreshedOrder }
  const points = await post(baseUrl, visitor, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'moskva', type: 'sdek', postPay: 'Y' })
  const point = ((await points.json()) as { points: PickupPoint[] }).points[0]
  placing = sampleOrderFields(order, point, { lastName: 'Иванова', email: 'bench@example.ru' })
  if (!placing) throw new Error('checkout bench: no СДЭК delivery, cash payment or point that takes it')
}

// A new key per save (ADR 031): a repeated key would answer the first order without writing.
const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
let saves = 0

export const targets: BenchTarget[] = [
  {
    name: 'POST sale.order.ajax refreshOrderAjax',
    method: 'POST',
    path: AJAX,
    setup: withBasket,
    form: (i) => ({ action: 'refreshOrderAjax', SITE_ID: 's2', via_ajax: 'Y', ...contact, 'order[DELIVERY_ID]': String((i % 4) + 1) }),
    p95BudgetMs: 50,
  },
  {
    name: 'POST sale.order.ajax saveOrderAjax (validated, refused)',
    method: 'POST',
    path: AJAX,
    setup: withBasket,
    form: () => ({ action: 'saveOrderAjax', SITE_ID: 's2', via_ajax: 'Y', ...contact, 'order[DELIVERY_ID]': '1', 'order[PAY_SYSTEM_ID]': '3' }),
    p95BudgetMs: 150,
  },
  {
    name: 'POST sale.order.ajax saveOrderAjax (order placed)',
    method: 'POST',
    path: AJAX,
    setup: learnPlacingFields,
    before: async (visitor, baseUrl) => {
      await post(baseUrl, visitor, '/ajax/basket/', { ACTION: 'Add', ID: String(ORDER_OFFER_ID), QUANTITY: '1' })
    },
    form: () => ({ ...placing, 'order[CHECKOUT_KEY]': `bench-${run}-${++saves}` }),
    accept: (body) => /"ID":"\d+"/.test(body),
    p95BudgetMs: 150,
  },
]
