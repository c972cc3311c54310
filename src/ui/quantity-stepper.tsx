'use client'

import { useState } from 'react'

/** Digits only, clamped to 1..max (spec: quantity stepper). An empty or zero field counts as 1. */
export function clampQuantity(raw: string | number, max: number): number {
  const digits = String(raw).replace(/\D/g, '')
  const n = digits === '' ? 1 : Number(digits.slice(0, 9))
  return Math.min(Math.max(1, n), Math.max(1, max))
}

export function QuantityStepper({
  value,
  max,
  onChange,
  className = '',
}: {
  value: number
  max: number
  onChange: (value: number) => void
  className?: string
}) {
  // The field may be empty while typing; the value is clamped on blur.
  const [draft, setDraft] = useState<string | null>(null)
  const set = (n: number) => {
    setDraft(null)
    onChange(clampQuantity(n, max))
  }
  return (
    <div className={`inline-flex h-11 items-center rounded-lg border border-line ${className}`} data-quantity-stepper>
      <button type="button" aria-label="Уменьшить количество" disabled={value <= 1} onClick={() => set(value - 1)} className="h-full w-10 text-xl disabled:text-ink-400">
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label="Количество"
        value={draft ?? String(value)}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '')
          if (digits === '') return setDraft('')
          const n = clampQuantity(digits, max)
          setDraft(String(n))
          onChange(n)
        }}
        onBlur={() => set(clampQuantity(draft ?? value, max))}
        className="h-full w-12 border-x border-line text-center font-semibold"
      />
      <button type="button" aria-label="Увеличить количество" disabled={value >= max} onClick={() => set(value + 1)} className="h-full w-10 text-xl disabled:text-ink-400">
        +
      </button>
    </div>
  )
}
