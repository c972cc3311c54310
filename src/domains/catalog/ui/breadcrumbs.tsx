'use client'

import { Link } from '@/ui/link'
import { JsonLd } from './json-ld'

export interface Crumb {
  name: string
  url: string
}

/**
 * Breadcrumbs with their schema.org BreadcrumbList; the last crumb is the current page. A client
 * component with nothing that reacts: the payload carries the crumbs once, not their markup and the
 * BreadcrumbList a second time after the HTML (ADR 213).
 */
export function Breadcrumbs({ items, baseUrl }: { items: Crumb[]; baseUrl: string }) {
  const all = [{ name: 'Главная', url: '/' }, ...items]
  return (
    <nav aria-label="Навигационная цепочка" className="text-sm text-ink-600">
      <ol className="flex flex-wrap items-center gap-1">
        {all.map((c, i) => (
          <li key={c.url} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">/</span>}
            {i === all.length - 1 ? (
              <span aria-current="page" className="text-ink-900">
                {c.name}
              </span>
            ) : (
              <Link href={c.url} className="hover:text-brand-600">
                {c.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: all.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: new URL(c.url, baseUrl).toString() })),
        }}
      />
    </nav>
  )
}
