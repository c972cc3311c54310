import type { MetadataRoute } from 'next'
import { env } from '@/lib/env'

/** Built per request: PUBLIC_URL and the catalogue are read when served, not frozen at build time. */
export const dynamic = 'force-dynamic'

/** Per-visitor pages, calls and filtered or paged list variants stay out of the index. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const base = env().PUBLIC_URL
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: ['/ajax/', '/personal/', '/auth/', '/search/', '/*?*ajax=Y', '/*?*clearFilter=Y'],
      },
    ],
    sitemap: new URL('/sitemap.xml', base).toString(),
    host: base,
  }
}
