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
  /**
   * Runs before each request, untimed (e.g. refill the basket an order has just emptied). A target
   * with this hook gives each concurrent client its own visitor, set up once, since the hook prepares
   * that visitor's state. Requests/s then counts the timed requests over the whole run, hooks included.
   */
  before?: (visitor: BenchVisitor, baseUrl: string) => Promise<void>
  /** A response this refuses counts as an error (e.g. a save answered with ERROR instead of an order). */
  accept?: (body: string) => boolean
  /** Also report the gzip size of the page's first-load JavaScript. */
  measureJs?: boolean
  /**
   * Also measure a bare Node http server sending this page's bytes from memory, in rounds alternating
   * with the shop's, and print the ratio (issue 17: cached pages at ≥ 0.5× of it).
   */
  bare?: boolean
  /** Targets to meet, printed beside the figure. */
  p95BudgetMs?: number
}
