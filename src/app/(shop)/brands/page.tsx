import type { Metadata } from 'next'
import { connection } from 'next/server'
import { loadBrandDirectory } from '@/domains/catalog/catalog.server'
import { BrandDirectory } from '@/domains/catalog/ui/brand-directory'
import { env } from '@/lib/env'

export const metadata: Metadata = {
  title: 'Бренды витаминов и БАД',
  description: 'Все производители витаминов и БАД в нашем каталоге: отечественные и зарубежные бренды.',
  alternates: { canonical: '/brands/' },
  openGraph: { title: 'Бренды витаминов и БАД', url: '/brands/', type: 'website' },
}

export default async function BrandsPage() {
  await connection()
  const brands = await loadBrandDirectory()
  return <BrandDirectory brands={brands} baseUrl={env().PUBLIC_URL} />
}
