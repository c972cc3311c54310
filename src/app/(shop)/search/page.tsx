import type { Metadata } from 'next'
import { connection } from 'next/server'
import { searchPageData } from '@/domains/search/search.server'
import { SearchResults } from '@/domains/search/ui/search-results'

export const metadata: Metadata = { title: 'Поиск', robots: { index: false, follow: true }, alternates: { canonical: '/search/' } }

export default async function SearchRoute({ searchParams }: PageProps<'/search'>) {
  await connection()
  return <SearchResults {...await searchPageData(await searchParams)} />
}
