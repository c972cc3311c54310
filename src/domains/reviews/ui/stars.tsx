'use client'

import { useState, type CSSProperties } from 'react'

const STAR = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8L12 2.8z'

/** The space between two read-only stars, px (the `stars` utility in globals.css draws it). */
const STAR_GAP = 2

/**
 * How far from the left the gold of `value` stars reaches, px: each star sits in a tile of its size
 * plus the gap, centred, so the gold ends inside the star the fraction belongs to.
 */
export function starFillPx(value: number, size: number): number {
  const v = Math.max(0, Math.min(5, value))
  const whole = Math.floor(v)
  return Math.round((whole * (size + STAR_GAP) + STAR_GAP / 2 + (v - whole) * size) * 10) / 10
}

/**
 * Read-only stars; `value` may be fractional (4.3 fills 4 stars and 30% of the fifth). One element
 * whose background is masked by a row of stars: five SVGs with a gradient each came to ~2 KB of HTML
 * per review, a quarter of a product page with ten reviews (ADR 213).
 */
export function Stars({ value, size = 16, label }: { value: number; size?: number; label?: string }) {
  const style = { '--star': `${size}px`, '--star-fill': `${starFillPx(value, size)}px` } as CSSProperties
  return <span className="stars" role="img" aria-label={label ?? `Оценка ${value} из 5`} style={style} />
}

/** 1–5 (or 0–5) star picker: a radio group, keyboard friendly. */
export function StarInput({
  value,
  onChange,
  name,
  label,
  size = 28,
  disabled,
}: {
  value: number
  onChange: (v: number) => void
  name: string
  label: string
  size?: number
  disabled?: boolean
}) {
  const [hover, setHover] = useState(0)
  const shown = hover || value
  return (
    <fieldset className="flex items-center gap-1" onMouseLeave={() => setHover(0)} disabled={disabled}>
      <legend className="sr-only">{label}</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className="cursor-pointer" onMouseEnter={() => setHover(n)}>
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="peer sr-only"
            aria-label={`${n} из 5`}
          />
          <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="rounded peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500">
            <path d={STAR} fill={n <= shown ? '#f5a524' : '#d9dde1'} />
          </svg>
        </label>
      ))}
    </fieldset>
  )
}
