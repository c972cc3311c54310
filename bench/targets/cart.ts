import type { BenchTarget, BenchVisitor } from '../types'

/**
 * Cart and search (issue 4): Add and GetBasket p95 < 25 ms, search suggestions p95 < 30 ms.
 * Offer ids are read from the catalogue page, so the targets follow whatever the seed holds.
 */
let offerIds: number[] = []

async function loadOfferIds(baseUrl: string): Promise<void> {
  if (offerIds.length) return
  const html = await (await fetch(`${baseUrl}/catalog/?sort=price_asc`)).text()
  offerIds = [...new Set([...html.matchAll(/data-offer-id="(\d+)"/g)].map((m) => Number(m[1])))]
  if (offerIds.length === 0) throw new Error('no offers found on /catalog/')
}

async function post(baseUrl: string, visitor: BenchVisitor, fields: Record<string, string>): Promise<void> {
  await fetch(`${baseUrl}/ajax/basket/`, {
    method: 'POST',
    headers: { cookie: visitor.cookie },
    body: new URLSearchParams({ ...fields, sessid: visitor.sessid }),
  })
}

const offer = (n: number) => String(offerIds[n % offerIds.length])

/** Words of real product names; pairs and their prefixes give thousands of distinct terms. */
const WORDS = ['витамин', 'омега', 'магний', 'коллаген', 'цинк', 'пробиотик', 'кальций', 'железо', 'селен', 'мелатонин',
  'глицин', 'куркумин', 'лютеин', 'биотин', 'хром', 'коэнзим', 'эвалар', 'иммунитет', 'суставы', 'гиалуроновая']
const SECOND = ['d3', 'c', 'b6', 'для детей', 'форте', 'капсулы', '1000', 'с', 'комплекс', 'плюс']

export function suggestionTerm(i: number): string {
  const word = WORDS[i % WORDS.length]!
  const second = SECOND[Math.floor(i / WORDS.length) % SECOND.length]!
  const cut = 3 + (Math.floor(i / (WORDS.length * SECOND.length)) % 6)
  return i % 3 === 0 ? word.slice(0, Math.max(3, cut)) : `${word} ${second}`
}

export const targets: BenchTarget[] = [
  {
    // Add and Remove alternate, so the cart never fills up and every Add writes.
    name: 'POST /ajax/basket/ Add (alternating with Remove)',
    method: 'POST',
    path: '/ajax/basket/',
    setup: (_visitor, baseUrl) => loadOfferIds(baseUrl),
    form: (i): Record<string, string> =>
      i % 2 === 0 ? { ACTION: 'Add', ID: offer(i >> 1), QUANTITY: '1' } : { ACTION: 'Remove', ID: offer(i >> 1) },
    p95BudgetMs: 25,
  },
  {
    name: 'POST /ajax/basket/ GetBasket (5 lines)',
    method: 'POST',
    path: '/ajax/basket/',
    setup: async (visitor, baseUrl) => {
      await loadOfferIds(baseUrl)
      for (let n = 0; n < 5; n++) await post(baseUrl, visitor, { ACTION: 'Add', ID: offer(n * 7), QUANTITY: '2' })
    },
    form: () => ({ ACTION: 'GetBasket' }),
    p95BudgetMs: 25,
  },
  {
    name: 'POST /ajax/search/ suggestions (distinct terms)',
    method: 'POST',
    path: '/ajax/search/',
    form: (i) => {
      const term = suggestionTerm(i)
      return { SEARCH_STRING: term, originalSearchTerm: term, viewGuid: `bench-${i}`, url: '/', referrer: '' }
    },
    p95BudgetMs: 30,
  },
]
