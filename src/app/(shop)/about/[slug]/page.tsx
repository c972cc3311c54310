import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { findLegalPage } from '@/domains/content/legal'
import { LegalPageView } from '@/domains/content/ui/legal-page-view'
import { shopDetails } from '@/domains/layout/shop.server'

export async function generateMetadata({ params }: PageProps<'/about/[slug]'>): Promise<Metadata> {
  const page = findLegalPage((await params).slug)
  return page ? { title: page.title, alternates: { canonical: `/about/${page.slug}/` } } : {}
}

/** Rendered per request: the company details come from the settings (ADR 110). */
export default async function LegalPage({ params }: PageProps<'/about/[slug]'>) {
  await connection()
  const page = findLegalPage((await params).slug)
  if (!page) notFound()
  return <LegalPageView page={page} details={await shopDetails()} />
}
