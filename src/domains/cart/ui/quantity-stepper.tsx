'use client'

import { useEffect, useRef, useState } from 'react'
import { clampLineQuantity, digitsOnly } from '../cart'

export const QUANTITY_SEND_DELAY_MS = 1000

/**
 * The cart line stepper (spec §4, §5): digits only, below 1 → 1, above max → max, a minus at 1 is
 * ignored. A typed or clicked value is held as a draft and sent 1 s after the last change; the draft
 * clears once the server has answered, and the line then shows the server's quantity.
 */
export function QuantityStepper({
  quantity,
  max,
  name,
  onCommit,
}: {
  quantity: number
  max: number
  name: string
  onCommit: (quantity: number) => Promise<unknown>
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const shown = draft ?? String(quantity)

  function schedule(next: string) {
    setDraft(next)
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(async () => {
      const value = clampLineQuantity(Number(next || '0'), max)
      if (value !== quantity) await onCommit(value)
      setDraft(null)
    }, QUANTITY_SEND_DELAY_MS)
  }

  function step(delta: number) {
    const current = Number(shown || '0')
    if (delta < 0 && current <= 1) return
    const next = clampLineQuantity(current + delta, max)
    if (next === current) return
    schedule(String(next))
  }

  function onType(raw: string) {
    const digits = digitsOnly(raw)
    // An empty box is allowed while typing; the value sent is then 1.
    schedule(digits === '' ? '' : String(clampLineQuantity(Number(digits), max)))
  }

  const value = Number(shown || '0')
  return (
    <div className="inline-flex h-10 items-center rounded-lg border border-line" data-stepper>
      <button
        type="button"
        onClick={() => step(-1)}
        aria-label={`Уменьшить количество: ${name}`}
        aria-disabled={value <= 1}
        className="h-full w-10 text-lg text-ink-600 hover:text-brand-600 aria-disabled:cursor-not-allowed aria-disabled:text-ink-400"
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        value={shown}
        onChange={(e) => onType(e.target.value)}
        aria-label={`Количество: ${name}`}
        className="h-full w-12 border-x border-line text-center text-base outline-none focus:bg-brand-50"
        data-draft={draft === null ? 'N' : 'Y'}
      />
      <button
        type="button"
        onClick={() => step(1)}
        aria-label={`Увеличить количество: ${name}`}
        aria-disabled={value >= max}
        className="h-full w-10 text-lg text-ink-600 hover:text-brand-600 aria-disabled:cursor-not-allowed aria-disabled:text-ink-400"
      >
        +
      </button>
    </div>
  )
}
