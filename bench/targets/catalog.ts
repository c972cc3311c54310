import type { BenchTarget } from '../types'

/** Three facets (purpose, brand, form) and a sort; the price bound varies so each request filters anew. */
const filtered = (i: number, ajax: boolean) =>
  `/catalog/?purpose=immunitet,vitaminy-i-mineraly,krasota&brand=evalar,solgar,now-foods,vitamir&form=capsules,tablets&sort=price_asc&price_to=${2000 + (i % 500)}${ajax ? '&ajax=Y' : ''}`

export const targets: BenchTarget[] = [
  { name: 'GET /catalog/', path: '/catalog/', measureJs: true, bare: true },
  { name: 'GET /catalog/immunitet/ (section)', path: '/catalog/immunitet/', bare: true },
  { name: 'GET product page', path: '/catalog/immunitet/p1-vitamin-d3-2000-me-evalar/', measureJs: true, bare: true },
  { name: 'GET /brands/', path: '/brands/', bare: true },
  { name: 'GET /catalog/immunitet/?ajax=Y&PAGEN_1=2 (show more JSON)', path: '/catalog/immunitet/?ajax=Y&PAGEN_1=2', bare: true },
  { name: 'GET catalogue filtered: 3 facets + sort (page)', path: (i) => filtered(i, false) },
  { name: 'GET catalogue filtered: 3 facets + sort (ajax JSON)', path: (i) => filtered(i, true), p95BudgetMs: 20 },
]
