import type { Metadata } from 'next'
import { connection } from 'next/server'
import { searchPageData } from '@/domains/search/search.server'
import { SearchResults } from '@/domains/search/ui/search-results'

/** The old shop's address of the results page (spec §2); same results as /search/. */
export const metadata: Metadata = { title: 'Поиск', robots: { index: false, follow: true }, alternates: { canonical: '/search/' } }

export default async function SearchIndexPhpRoute({ searchParams }: PageProps<'/search/index.php'>) {
  await connection()
  return <SearchResults {...await searchPageData(await searchParams)} />
}
