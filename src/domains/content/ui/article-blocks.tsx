import { Link } from '@/ui/link'
import { sanitizeRichText } from '@/lib/rich-text'
import type { AccordionItem } from '@/db/schema/content'
import type { ExpertData } from '../content'

/** Editors' HTML, cleaned again as it is shown: a row written before the cleaning rules is no risk (ADR 157). */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div
      className={`space-y-4 leading-relaxed text-ink-900 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_a]:text-brand-600 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
    />
  )
}

/** The photo's `sizes` for a library photo's srcset (ADR 207, second addendum): 80 or 112 CSS px. */
export const EXPERT_PHOTO_SIZES = { small: '80px', big: '112px' } as const

/** The expert article block: photo, name, position and a quote. */
export function ExpertBlock({ expert }: { expert: ExpertData }) {
  const big = expert.IMG_SIZE === 'big'
  return (
    <aside className="mt-8 flex flex-col gap-4 rounded-2xl bg-brand-50 p-5 sm:flex-row sm:items-start sm:p-6" data-block="expert">
      <img
        src={expert.IMG}
        srcSet={expert.IMG_SRCSET || undefined}
        sizes={expert.IMG_SRCSET ? EXPERT_PHOTO_SIZES[expert.IMG_SIZE] : undefined}
        alt={expert.TITLE}
        className={`shrink-0 rounded-full object-cover ${big ? 'h-28 w-28' : 'h-20 w-20'}`}
      />
      <div>
        <p className="text-lg font-bold">{expert.TITLE}</p>
        <p className="text-sm text-ink-600">{expert.SUB_TITLE}</p>
        <blockquote className="mt-3 border-l-4 border-brand-500 pl-4 whitespace-pre-line text-ink-900 italic">{expert.TEXT}</blockquote>
      </div>
    </aside>
  )
}

/** Accordions: each item opens and closes on its own (native details, no script needed). */
export function Accordion({ items }: { items: AccordionItem[] }) {
  if (items.length === 0) return null
  return (
    <div className="mt-8 divide-y divide-line rounded-2xl border border-line" data-block="accordion">
      {items.map((item, i) => (
        <details key={i} className="group p-4 sm:px-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
            {item.TITLE}
            <span aria-hidden="true" className="text-xl text-brand-600 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="mt-3 whitespace-pre-line text-ink-600">{item.TEXT}</p>
        </details>
      ))}
    </div>
  )
}

/** Tag cloud {UF_CODE, UF_NAME}: each tag opens the list of its articles. */
export function TagCloud({ tags, current }: { tags: { UF_CODE: string; UF_NAME: string }[]; current?: string }) {
  if (tags.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2" data-block="tag-cloud">
      {tags.map((t) => (
        <li key={t.UF_CODE}>
          <Link
            href={`/health/tag/${t.UF_CODE}/`}
            aria-current={t.UF_CODE === current ? 'page' : undefined}
            className={`inline-block rounded-full border px-3 py-1 text-sm ${
              t.UF_CODE === current ? 'border-brand-500 bg-brand-500 text-white' : 'border-line hover:border-brand-500 hover:text-brand-700'
            }`}
          >
            #{t.UF_NAME}
          </Link>
        </li>
      ))}
    </ul>
  )
}
