import type { MetadataRoute } from 'next'
import { loadSitemapEntries } from '@/domains/catalog/catalog.server'
import { env } from '@/lib/env'

/** Built per request: PUBLIC_URL and the catalogue are read when served, not frozen at build time. */
export const dynamic = 'force-dynamic'

/** sitemap.xml: home, catalogue lists, brands and every product at its canonical address. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = env().PUBLIC_URL
  const abs = (path: string) => new URL(path, base).toString()
  const { sections, brands, products } = await loadSitemapEntries()
  return [
    { url: abs('/'), changeFrequency: 'daily', priority: 1 },
    { url: abs('/catalog/'), changeFrequency: 'daily', priority: 0.9 },
    { url: abs('/catalog/Importozameschenie/'), changeFrequency: 'weekly', priority: 0.7 },
    { url: abs('/brands/'), changeFrequency: 'weekly', priority: 0.6 },
    ...sections.map((url) => ({ url: abs(url), changeFrequency: 'daily' as const, priority: 0.8 })),
    ...brands.map((url) => ({ url: abs(url), changeFrequency: 'weekly' as const, priority: 0.5 })),
    ...products.map((p) => ({ url: abs(p.url), lastModified: p.lastModified, changeFrequency: 'weekly' as const, priority: 0.7 })),
  ]
}
