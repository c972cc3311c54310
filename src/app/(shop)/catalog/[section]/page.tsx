import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'
import { connection } from 'next/server'
import { listMetadata, loadCatalogList, loadPurposeMenu } from '@/domains/catalog/catalog.server'
import { CatalogListView } from '@/domains/catalog/ui/catalog-list-view'
import { env } from '@/lib/env'

export async function generateMetadata({ params, searchParams }: PageProps<'/catalog/[section]'>): Promise<Metadata> {
  await connection()
  const { section } = await params
  const list = await loadCatalogList({ kind: 'catalog', section }, await searchParams)
  return list ? listMetadata(list) : {}
}

export default async function SectionPage({ params, searchParams }: PageProps<'/catalog/[section]'>) {
  await connection()
  const [{ section }, query] = await Promise.all([params, searchParams])
  const list = await loadCatalogList({ kind: 'catalog', section }, query)
  if (!list) notFound()
  if (query.clearFilter === 'Y') redirect(list.heading.basePath)
  const menu = await loadPurposeMenu(list.heading.sectionCode)
  const crumbs = [{ name: 'Каталог', url: '/catalog/' }]
  if (list.heading.kind !== 'all') crumbs.push({ name: list.heading.title, url: list.heading.basePath })
  return <CatalogListView list={list} menu={menu} crumbs={crumbs} baseUrl={env().PUBLIC_URL} />
}
