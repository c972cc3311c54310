'use client'

import { useId, useState } from 'react'

const STAR = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8L12 2.8z'

/** Read-only stars; `value` may be fractional (4.3 fills 4 stars and 30% of the fifth). */
export function Stars({ value, size = 16, label }: { value: number; size?: number; label?: string }) {
  const id = useId()
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label ?? `Оценка ${value} из 5`}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, value - i))
        return (
          <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
            <defs>
              <linearGradient id={`${id}-${i}`}>
                <stop offset={fill} stopColor="#f5a524" />
                <stop offset={fill} stopColor="#d9dde1" />
              </linearGradient>
            </defs>
            <path d={STAR} fill={`url(#${id}-${i})`} />
          </svg>
        )
      })}
    </span>
  )
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
