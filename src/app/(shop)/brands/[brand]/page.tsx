import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'
import { connection } from 'next/server'
import { listMetadata, loadCatalogList, loadPurposeMenu } from '@/domains/catalog/catalog.server'
import { CatalogListView } from '@/domains/catalog/ui/catalog-list-view'
import { env } from '@/lib/env'

export async function generateMetadata({ params, searchParams }: PageProps<'/brands/[brand]'>): Promise<Metadata> {
  await connection()
  const { brand } = await params
  const list = await loadCatalogList({ kind: 'brand', code: brand }, await searchParams)
  return list ? listMetadata(list) : {}
}

export default async function BrandPage({ params, searchParams }: PageProps<'/brands/[brand]'>) {
  await connection()
  const [{ brand }, query] = await Promise.all([params, searchParams])
  const list = await loadCatalogList({ kind: 'brand', code: brand }, query)
  if (!list) notFound()
  if (query.clearFilter === 'Y') redirect(list.heading.basePath)
  const menu = await loadPurposeMenu(null)
  const crumbs = [
    { name: 'Бренды', url: '/brands/' },
    { name: list.heading.title, url: list.heading.basePath },
  ]
  return <CatalogListView list={list} menu={menu} crumbs={crumbs} baseUrl={env().PUBLIC_URL} showMenu={false} />
}
