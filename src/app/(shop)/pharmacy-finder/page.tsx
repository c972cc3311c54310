import type { Metadata } from 'next'
import { connection } from 'next/server'
import { parseFinderParams } from '@/domains/pharmacy-finder/pharmacy-finder'
import { loadFinder } from '@/domains/pharmacy-finder/pharmacy-finder.server'
import { PharmacyFinderView } from '@/domains/pharmacy-finder/ui/pharmacy-finder-view'
import { env } from '@/lib/env'

export const metadata: Metadata = { title: 'Где купить', robots: { index: false } }

/** The embeddable widget page (ADR 087): /pharmacy-finder/?productId=…&productIds=…&utm_*=…&fullForm=1 */
export default async function PharmacyFinderPage({ searchParams }: PageProps<'/pharmacy-finder'>) {
  await connection()
  const query = new URLSearchParams()
  for (const [k, v] of Object.entries(await searchParams)) if (typeof v === 'string') query.set(k, v)
  const parsed = parseFinderParams(query)
  if (!parsed.ok) {
    return (
      <p className="container-page py-8 text-sale-500" role="alert" data-finder-error>
        {parsed.error}
      </p>
    )
  }
  const products = await loadFinder(parsed.params)
  return (
    <>
      {/* Inside an iframe the shop's header, footer and cookie notice would only crowd the widget. */}
      <style href="pharmacy-finder-chrome" precedence="default">
        {'body>header,body>footer,body>[aria-label="Уведомление о cookie"],body>a[href="#main"]{display:none!important}'}
      </style>
      <PharmacyFinderView products={products} initialId={parsed.params.productId} fullForm={parsed.params.fullForm} tilesUrl={env().MAP_TILES_URL} />
    </>
  )
}
