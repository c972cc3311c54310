/** Rubles as staff type them ("1 234,50") to kopecks; empty: null; anything else goes as typed, for the server's message. */
export function kopecksFromInput(text: string): number | string | null {
  const t = text.trim().replace(/[\s\u00a0]/g, '')
  if (t === '') return null
  return /^\d+([.,]\d{1,2})?$/.test(t) ? Math.round(Number(t.replace(',', '.')) * 100) : t
}

export function rublesForInput(kopecks: number | null | undefined): string {
  return kopecks === null || kopecks === undefined ? '' : String(kopecks / 100).replace('.', ',')
}

/** A whole number as typed; empty: null; anything else as typed. */
export function integerFromInput(text: string): number | string | null {
  const t = text.trim().replace(/[\s\u00a0]/g, '')
  if (t === '') return null
  return /^\d+$/.test(t) ? Number(t) : t
}
