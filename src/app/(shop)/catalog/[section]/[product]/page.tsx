import type { Metadata } from 'next'
import { notFound, permanentRedirect } from 'next/navigation'
import { connection } from 'next/server'
import { loadProductPage, productMetadata } from '@/domains/catalog/catalog.server'
import { ProductPageView } from '@/domains/catalog/ui/product-page-view'
import { env } from '@/lib/env'

export async function generateMetadata({ params }: PageProps<'/catalog/[section]/[product]'>): Promise<Metadata> {
  await connection()
  const { section, product } = await params
  const found = await loadProductPage(section, product)
  return found.kind === 'found' ? productMetadata(found.page) : {}
}

export default async function ProductPage({ params }: PageProps<'/catalog/[section]/[product]'>) {
  await connection()
  const { section, product } = await params
  const found = await loadProductPage(section, product)
  if (found.kind === 'missing') notFound()
  if (found.kind === 'moved') permanentRedirect(found.url)
  return <ProductPageView page={found.page} baseUrl={env().PUBLIC_URL} tilesUrl={env().MAP_TILES_URL} />
}
