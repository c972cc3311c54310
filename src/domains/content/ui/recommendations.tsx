'use client'

import { Link } from '@/ui/link'
import { useState } from 'react'
import { RECOMMENDATIONS_VISIBLE } from '../content'

export interface RecommendedArticle {
  CODE: string
  NAME: string
  PREVIEW_PICTURE: string
}

/** Health articles recommendations: the first 4 shown, the rest hidden until asked for. */
export function Recommendations({ articles }: { articles: RecommendedArticle[] }) {
  const [open, setOpen] = useState(false)
  if (articles.length === 0) return null
  return (
    <section className="mt-12" data-block="recommendations">
      <h2 className="mb-4 text-2xl font-bold">Рекомендуем прочитать</h2>
      <ul className="grid grid-cols-1 gap-2.5 sm:grid-cols-2 sm:gap-5 md:grid-cols-4">
        {articles.map((a, i) => (
          <li key={a.CODE} hidden={!open && i >= RECOMMENDATIONS_VISIBLE} data-recommendation="">
            <Link href={`/health/item/${a.CODE}/`} className="group flex h-full gap-3 rounded-xl border border-line p-3 hover:border-brand-500 md:flex-col break-words hyphens-auto" data-card="article">
              <img src={a.PREVIEW_PICTURE} alt="" loading="lazy" className="aspect-video w-28 shrink-0 rounded-lg object-cover md:w-full" />
              <span className="text-sm font-semibold leading-snug group-hover:text-brand-700">{a.NAME}</span>
            </Link>
          </li>
        ))}
      </ul>
      {articles.length > RECOMMENDATIONS_VISIBLE && (
        <div className="mt-4 text-center">
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
            className="rounded-lg border border-brand-500 px-6 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {open ? 'Скрыть' : 'Показать все'}
          </button>
        </div>
      )}
    </section>
  )
}
