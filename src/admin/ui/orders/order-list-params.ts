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
