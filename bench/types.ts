/** A bench target: one request shape, measured for requests/s and latency percentiles. */
export interface BenchVisitor {
  cookie: string
  sessid: string
}

export interface BenchTarget {
  name: string
  method?: 'GET' | 'POST'
  path: string | ((i: number) => string)
  /** Form fields for POST; sessid is added. */
  form?: (i: number) => Record<string, string>
  /** Runs once with a fresh visitor before measuring (e.g. put something in the basket). */
  setup?: (visitor: BenchVisitor, baseUrl: string) => Promise<void>
  /** Also report the gzip size of the page's first-load JavaScript. */
  measureJs?: boolean
  /** Targets to meet, printed beside the figure. */
  p95BudgetMs?: number
}
