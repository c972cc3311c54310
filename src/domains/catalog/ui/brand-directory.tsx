import { Link } from '@/ui/link'
import { countOf, WORDS } from '@/lib/plural'
import { Breadcrumbs } from './breadcrumbs'

export function BrandDirectory({
  brands,
  baseUrl,
}: {
  brands: { code: string; name: string; country: string; logo: string; logoSrcset: string; count: number }[]
  baseUrl: string
}) {
  return (
    <div className="container-page py-6">
      <Breadcrumbs items={[{ name: 'Бренды', url: '/brands/' }]} baseUrl={baseUrl} />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">Бренды</h1>
      {/* One column below 360 px: a brand like 'Фармстандарт' is wider than half of a 320 px screen. */}
      <ul className="mt-5 grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3 md:grid-cols-4" data-brand-list>
        {brands.map((b) => (
          <li key={b.code}>
            <Link href={`/brands/${b.code}/`} className="flex h-full flex-col rounded-xl border border-line p-4 hover:border-brand-500 break-words hyphens-auto" data-card="brand">
              {b.logo ? (
                <img
                  src={b.logo}
                  srcSet={b.logoSrcset || undefined}
                  // The logo box: 64 px high, as wide as a card (a quarter of the page from 768 px).
                  sizes={b.logoSrcset ? '(min-width: 768px) 240px, (min-width: 360px) 45vw, 90vw' : undefined}
                  alt=""
                  loading="lazy"
                  className="mb-2 h-16 w-full object-contain object-left"
                  data-brand-logo
                />
              ) : null}
              <span className="font-semibold">{b.name}</span>
              {b.country && <span className="text-sm text-ink-600">{b.country}</span>}
              <span className="mt-2 text-xs text-ink-400">{countOf(b.count, WORDS.product)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
