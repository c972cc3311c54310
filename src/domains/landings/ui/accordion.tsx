'use client'

import { useState } from 'react'
import { ChevronIcon } from '@/ui/icons'
import { toggleSingle } from '../landings'

/** One item open at a time; clicking the open item closes it (about-{product}, the farm accordion). */
export function SingleAccordion({
  items,
  initiallyOpen = null,
  name,
}: {
  items: { title: string; text: string; link?: string }[]
  initiallyOpen?: number | null
  name: string
}) {
  const [open, setOpen] = useState<number | null>(initiallyOpen)
  return (
    <div className="divide-y divide-line rounded-2xl border border-line bg-white" data-accordion={name}>
      {items.map((item, i) => {
        const isOpen = open === i
        return (
          <div key={item.title}>
            <button
              type="button"
              aria-expanded={isOpen}
              onClick={() => setOpen((o) => toggleSingle(o, i))}
              className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:text-brand-600"
            >
              {item.title}
              <ChevronIcon direction={isOpen ? 'up' : 'down'} size={18} />
            </button>
            {isOpen && (
              <div className="px-5 pb-5 leading-relaxed text-ink-600">
                <p>{item.text}</p>
                {item.link && (
                  <a href={item.link} target="_blank" rel="noopener" className="mt-2 inline-block font-semibold text-brand-600 hover:underline">
                    Подробнее
                  </a>
                )}
              </div>
            )}
          </div>
        )
      })}
    </div>
  )
}
