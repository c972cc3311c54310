import type { ReactNode } from 'react'

const TONES = {
  neutral: 'bg-surface text-ink-600 border-line',
  info: 'bg-sky-50 text-sky-800 border-sky-200',
  good: 'bg-brand-50 text-brand-700 border-brand-100',
  warn: 'bg-amber-50 text-amber-800 border-amber-200',
  bad: 'bg-red-50 text-red-800 border-red-200',
} as const
export type BadgeTone = keyof typeof TONES

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[tone]}`}>{children}</span>
}
