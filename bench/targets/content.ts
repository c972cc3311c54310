import type { BenchTarget } from '../types'

/** The home page and the content pages are served from cached data: no per-visitor queries. */
export const targets: BenchTarget[] = [
  { name: 'GET / (home, content)', path: '/', measureJs: true, p95BudgetMs: 300, bare: true },
  { name: 'GET /encyclopedia/', path: '/encyclopedia/', measureJs: true, p95BudgetMs: 300, bare: true },
  { name: 'GET /health/item/{code}/', path: '/health/item/vitamin-d-zimoy/', p95BudgetMs: 300, bare: true },
  { name: 'GET /news/', path: '/news/', bare: true },
  { name: 'GET /about/cookie/ (legal)', path: '/about/cookie/', bare: true },
  { name: 'POST /ajax/get-enc-elements/', method: 'POST', path: '/ajax/get-enc-elements/', form: (i) => ({ ID: String(i % 8) }), p95BudgetMs: 100 },
  {
    name: 'POST /ajax/recently-viewed/ get',
    method: 'POST',
    path: '/ajax/recently-viewed/',
    form: () => ({ action: 'get' }),
    // A visitor with a few views, so the list and the similar products are really built.
    setup: async (visitor, baseUrl) => {
      for (const productId of [1, 2, 3]) {
        await fetch(`${baseUrl}/ajax/recently-viewed/`, {
          method: 'POST',
          headers: { cookie: visitor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ action: 'add', productId: String(productId), sessid: visitor.sessid }),
        })
      }
    },
    p95BudgetMs: 100,
  },
]
