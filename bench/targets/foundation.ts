import type { BenchTarget } from '../types'

export const targets: BenchTarget[] = [
  { name: 'GET / (home)', path: '/', measureJs: true },
  { name: 'GET /healthz/', path: '/healthz/' },
]
