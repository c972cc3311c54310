import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { findLegalPage, legalPages } from '@/domains/content/legal'

export const dynamicParams = false

export function generateStaticParams() {
  return legalPages().map((p) => ({ slug: p.slug }))
}

export async function generateMetadata({ params }: PageProps<'/about/[slug]'>): Promise<Metadata> {
  const page = findLegalPage((await params).slug)
  return page ? { title: page.title, alternates: { canonical: `/about/${page.slug}/` } } : {}
}

export default async function LegalPage({ params }: PageProps<'/about/[slug]'>) {
  const page = findLegalPage((await params).slug)
  if (!page) notFound()
  return (
    <article className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{page.title}</h1>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <h2 className="text-lg font-semibold">{section.heading}</h2>
          {section.paragraphs.map((text, i) => (
            <p key={i} className="mt-2 leading-relaxed text-ink-600">
              {text}
            </p>
          ))}
        </section>
      ))}
    </article>
  )
}
