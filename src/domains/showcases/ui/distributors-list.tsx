'use client'

import { useState } from 'react'
import { DISTRIBUTORS_VISIBLE } from '../showcases'

export interface Distributor {
  title: string
  link: string
  image: string
}

/** Partner pharmacies and shops: the first 9, then 'показать еще' reveals the rest. */
export function DistributorsList({ items }: { items: Distributor[] }) {
  const [all, setAll] = useState(false)
  const shown = all ? items : items.slice(0, DISTRIBUTORS_VISIBLE)
  return (
    <div data-block="distributors">
      <ul className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-5">
        {shown.map((d) => (
          <li key={d.link}>
            <a
              href={d.link}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="flex h-full items-center justify-center rounded-xl border border-line bg-white p-2 transition-shadow hover:shadow-md"
              title={d.title}
              data-card="partner"
            >
              <img src={d.image} alt={d.title} loading="lazy" className="h-16 w-auto max-w-full sm:h-20" />
            </a>
          </li>
        ))}
      </ul>
      {!all && items.length > DISTRIBUTORS_VISIBLE && (
        <div className="mt-4 text-center">
          <button
            type="button"
            onClick={() => setAll(true)}
            className="rounded-lg border border-brand-500 px-6 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            показать еще
          </button>
        </div>
      )}
    </div>
  )
}
