import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { isPreview } from '@/domains/content/preview.server'
import { PreviewBanner } from '@/domains/content/ui/preview-banner'
import { loadProductLandingPreview } from '@/domains/landings/landings-preview.server'
import { loadProductLanding } from '@/domains/landings/landings.server'
import { ProductLandingView } from '@/domains/landings/ui/product-landing'

/** In an editor's preview (ADR 201) the landing's draft is shown, hidden landings too (ADR 203). */
async function landingFor(code: string, preview: boolean) {
  if (preview) return loadProductLandingPreview(code)
  const landing = await loadProductLanding(code)
  return landing && { ...landing, published: true }
}

export async function generateMetadata({ params }: PageProps<'/landing/[code]'>): Promise<Metadata> {
  await connection()
  const landing = await landingFor((await params).code, await isPreview())
  return landing ? { title: landing.title, alternates: { canonical: `/landing/${landing.code}/` } } : {}
}

export default async function LandingPage({ params }: PageProps<'/landing/[code]'>) {
  await connection()
  const preview = await isPreview()
  const landing = await landingFor((await params).code, preview)
  if (!landing) notFound()
  return (
    <>
      {preview && <PreviewBanner published={landing.published} path={`/landing/${landing.code}/`} />}
      <ProductLandingView landing={landing} />
    </>
  )
}
