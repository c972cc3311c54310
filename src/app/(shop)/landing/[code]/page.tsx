import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { loadProductLanding } from '@/domains/landings/landings.server'
import { ProductLandingView } from '@/domains/landings/ui/product-landing'

export async function generateMetadata({ params }: PageProps<'/landing/[code]'>): Promise<Metadata> {
  await connection()
  const landing = await loadProductLanding((await params).code)
  return landing ? { title: landing.title, alternates: { canonical: `/landing/${landing.code}/` } } : {}
}

export default async function LandingPage({ params }: PageProps<'/landing/[code]'>) {
  await connection()
  const landing = await loadProductLanding((await params).code)
  if (!landing) notFound()
  return <ProductLandingView landing={landing} />
}
