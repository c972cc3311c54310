import type { BenchTarget, BenchVisitor } from '../types'

/**
 * Checkout (issue 5): refresh p95 < 50 ms, save p95 < 150 ms.
 * Each visitor gets one line in the basket; refresh rebuilds the whole order each time (Moscow, all
 * deliveries priced, coupons evaluated). A bench visitor has one basket, so the save target measures
 * the full build and validation of saveOrderAjax (refused for a missing pickup point, nothing written)
 * and the double-submit replay of a placed order; the write path itself is timed by
 * scripts in the integration tests (R1 places 50 orders concurrently).
 */
const AJAX = '/local/components/bitrix/sale.order.ajax/ajax.php'

async function withBasket(visitor: BenchVisitor, baseUrl: string): Promise<void> {
  await fetch(`${baseUrl}/ajax/basket/`, {
    method: 'POST',
    headers: { cookie: visitor.cookie },
    body: new URLSearchParams({ ACTION: 'Add', ID: '1', QUANTITY: '2', sessid: visitor.sessid }),
  })
}

const contact = {
  'order[PERSON_TYPE]': '1',
  'order[ORDER_PROP_1]': 'Анна',
  'order[ORDER_PROP_3]': 'Иванова',
  'order[ORDER_PROP_4]': 'anna@example.ru',
  'order[ORDER_PROP_5]': '+7 (912) 345-67-89',
  'order[location_type]': 'code',
}

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
]
