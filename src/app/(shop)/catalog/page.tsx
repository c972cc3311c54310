import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'
import { connection } from 'next/server'
import { listMetadata, loadCatalogList, loadPurposeMenu } from '@/domains/catalog/catalog.server'
import { CatalogListView } from '@/domains/catalog/ui/catalog-list-view'
import { env } from '@/lib/env'

export async function generateMetadata({ searchParams }: PageProps<'/catalog'>): Promise<Metadata> {
  await connection()
  const list = await loadCatalogList({ kind: 'catalog' }, await searchParams)
  return list ? listMetadata(list) : {}
}

export default async function CatalogPage({ searchParams }: PageProps<'/catalog'>) {
  await connection()
  const params = await searchParams
  if (params.clearFilter === 'Y') redirect('/catalog/')
  const [list, menu] = await Promise.all([loadCatalogList({ kind: 'catalog' }, params), loadPurposeMenu(null)])
  if (!list) notFound()
  return <CatalogListView list={list} menu={menu} crumbs={[{ name: 'Каталог', url: '/catalog/' }]} baseUrl={env().PUBLIC_URL} />
}
