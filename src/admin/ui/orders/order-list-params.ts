import { ORDER_STATUS_CODES } from '@/domains/orders/order-admin.schema'

/**
 * The order list page's URL in the units people type: sums in rubles (sumFrom, sumTo), which become
 * the list schema's kopecks (totalFrom, totalTo); every other field is the API's own. Pure, so the
 * page, its CSV link and its pagination agree.
 */
export function apiParamsOf(values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(values)) {
    if (value.trim() === '' || key === 'sumFrom' || key === 'sumTo') continue
    out[key] = value
  }
  for (const [from, to] of [
    ['sumFrom', 'totalFrom'],
    ['sumTo', 'totalTo'],
  ] as const) {
    const text = values[from]?.trim().replace(/\s/g, '').replace(',', '.')
    if (!text) continue
    const rubles = Number(text)
    // A sum that is not a number goes on as is, so the list schema refuses it with its message.
    out[to] = Number.isFinite(rubles) ? String(Math.round(rubles * 100)) : text
  }
  return out
}

const rank = (status: string) => {
  const at = (ORDER_STATUS_CODES as readonly string[]).indexOf(status)
  return at < 0 ? Number.MAX_SAFE_INTEGER : at
}

/**
 * The page's search params as one value per name. The filter form sends each ticked status as its
 * own `status` field, links and saved views carry one comma list; both read as the comma list, so a
 * view saved from either is the same text.
 */
export function orderPageValues(params: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue
    if (key === 'status') {
      const given = new Set((Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean))
      // In the statuses' own order (unknown ones last, for the schema to refuse), so the same choice
      // is the same text whichever way it was made and matches its saved view.
      const statuses = [...given].sort((a, b) => rank(a) - rank(b))
      if (statuses.length) out[key] = statuses.join(',')
      continue
    }
    const first = Array.isArray(value) ? value[0] : value
    if (first !== undefined) out[key] = first
  }
  return out
}

/** What the filter form carries besides its fields: the sort and page size stay, the page goes back to 1. */
export function keptByFilterForm(values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of ['sort', 'limit'] as const) if (values[key]?.trim()) out[key] = values[key]
  return out
}
