import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { legalPage } from '@/domains/content/legal.server'
import { isPreview } from '@/domains/content/preview.server'
import { LegalPageView } from '@/domains/content/ui/legal-page-view'
import { PreviewBanner } from '@/domains/content/ui/preview-banner'
import { shopDetails } from '@/domains/layout/shop.server'

export async function generateMetadata({ params }: PageProps<'/about/[slug]'>): Promise<Metadata> {
  await connection()
  const page = await legalPage((await params).slug, await isPreview())
  return page ? { title: page.title, alternates: { canonical: `/about/${page.slug}/` } } : {}
}

/** Rendered per request: the company details come from the settings (ADR 110); the text is the edited row (ADR 200). */
export default async function LegalPage({ params }: PageProps<'/about/[slug]'>) {
  await connection()
  const preview = await isPreview()
  const page = await legalPage((await params).slug, preview)
  if (!page) notFound()
  return (
    <>
      {preview && <PreviewBanner published={page.published} path={`/about/${page.slug}/`} />}
      <LegalPageView page={page} details={await shopDetails()} />
    </>
  )
}
