import { gzipSync } from 'node:zlib'
import type { BenchTarget } from '../types'

const moscowPoints = { action: 'getPoints', city: 'moskva', type: 'sdek', postPay: 'N' }

export const targets: BenchTarget[] = [
  {
    name: 'POST /ajax/VuePvzComponent/ getPoints Moscow (СДЭК, >1000 points)',
    method: 'POST',
    path: '/ajax/VuePvzComponent/',
    form: () => moscowPoints,
    p95BudgetMs: 100,
    // The issue also sets a size budget: print the answer's gzip size once (< 300 KB).
    setup: async (visitor, baseUrl) => {
      const res = await fetch(`${baseUrl}/ajax/VuePvzComponent/`, {
        method: 'POST',
        headers: { cookie: visitor.cookie },
        body: new URLSearchParams({ ...moscowPoints, sessid: visitor.sessid }),
      })
      const body = Buffer.from(await res.arrayBuffer())
      const points = (JSON.parse(body.toString('utf8')) as { points?: unknown[] }).points?.length ?? 0
      console.log(
        `  getPoints Moscow: HTTP ${res.status}, ${points} points, ${(body.length / 1024).toFixed(1)} KB raw, ${(gzipSync(body).length / 1024).toFixed(1)} KB gzip (budget 300 KB)`,
      )
    },
  },
  {
    name: 'POST /ajax/VueCourierComponent/ Moscow',
    method: 'POST',
    path: '/ajax/VueCourierComponent/',
    form: () => ({ type: 'courier', city: 'moskva', address: 'г Москва, ул Тверская, д 7', postPay: 'N', basket: '[]' }),
    p95BudgetMs: 100,
  },
  {
    name: 'POST /ajax/places/ "Са"',
    method: 'POST',
    path: '/ajax/places/',
    form: () => ({ SEARCH_STRING: 'Са' }),
    p95BudgetMs: 100,
  },
]
