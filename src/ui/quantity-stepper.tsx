'use client'

import { useEffect, useRef, useState } from 'react'

/**
 * The spec's one quantity rule (product stepper; cart line, spec §5): digits only, below 1 becomes 1,
 * above max becomes max. «Without max the cap is 100» lives in the max the caller passes: a cart line
 * or an offer whose stock is not tracked already carries 100. A max below 1 still allows 1.
 */
export function clampQuantity(raw: string | number, max: number): number {
  const digits = typeof raw === 'number' ? String(Math.max(0, Math.floor(raw))) : raw.replace(/\D/g, '')
  const n = digits === '' ? 1 : Number(digits.slice(0, 9))
  return Math.min(Math.max(1, n), Math.max(1, max))
}

/**
 * The quantity stepper of the product page and the cart. A minus at 1 and a plus at max are ignored.
 * Without `delayMs` every change reaches `onChange` at once and an emptied field becomes 1 when it
 * loses focus. With `delayMs` (the cart: send 1 s after the last change) the typed or clicked value is
 * held as a draft and sent once changes pause; the draft clears when `onChange` has settled, and the
 * field then shows `value` again (the server's quantity).
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  name,
  delayMs = 0,
  size = 'md',
}: {
  value: number
  max: number
  onChange: (quantity: number) => unknown
  /** Names the product in the labels when a page shows several steppers. */
  name?: string
  delayMs?: number
  size?: 'md' | 'lg'
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const shown = draft ?? String(value)
  const current = Number(shown || '0')
  const label = (text: string) => (name ? `${text}: ${name}` : text)

  /** `next` is '' (an emptied field) or an already clamped quantity. */
  function change(next: string) {
    if (delayMs === 0) {
      if (next === '') return setDraft('')
      setDraft(null)
      onChange(Number(next))
      return
    }
    setDraft(next)
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(async () => {
      const settled = clampQuantity(next, max)
      if (settled !== value) await onChange(settled)
      setDraft(null)
    }, delayMs)
  }

  function step(delta: number) {
    if (delta < 0 && current <= 1) return
    const next = clampQuantity(current + delta, max)
    if (next !== current) change(String(next))
  }

  const button = 'h-full w-10 text-ink-600 hover:text-brand-600 aria-disabled:cursor-not-allowed aria-disabled:text-ink-400'
  const text = size === 'lg' ? 'text-xl' : 'text-lg'
  return (
    <div className={`inline-flex items-center rounded-lg border border-line ${size === 'lg' ? 'h-11' : 'h-10'}`} data-quantity-stepper>
      <button type="button" onClick={() => step(-1)} aria-label={label('Уменьшить количество')} aria-disabled={current <= 1} className={`${button} ${text}`}>
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        value={shown}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '')
          change(digits === '' ? '' : String(clampQuantity(digits, max)))
        }}
        onBlur={() => {
          if (delayMs === 0 && draft !== null) change(String(clampQuantity(draft, max)))
        }}
        aria-label={label('Количество')}
        className={`h-full w-12 border-x border-line text-center outline-none focus:bg-brand-50 ${size === 'lg' ? 'font-semibold' : 'text-base'}`}
        data-draft={draft === null ? 'N' : 'Y'}
      />
      <button type="button" onClick={() => step(1)} aria-label={label('Увеличить количество')} aria-disabled={current >= max} className={`${button} ${text}`}>
        +
      </button>
    </div>
  )
}
