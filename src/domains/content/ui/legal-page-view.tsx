import { EXAMPLE_NOTE, fillDetails, type ResolvedShopDetails } from '@/domains/layout/shop'
import type { LegalPage } from '../legal'

/** A legal page with the configured company details filled in; demo details carry a visible note. */
export function LegalPageView({ page, details }: { page: LegalPage; details: ResolvedShopDetails }) {
  return (
    <article className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{page.title}</h1>
      {details.example && (
        <p role="note" className="mt-4 rounded-xl border border-accent-500 bg-white p-4 text-sm text-ink-900" data-example-note>
          {EXAMPLE_NOTE}
        </p>
      )}
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <h2 className="text-lg font-semibold">{section.heading}</h2>
          {section.paragraphs.map((text, i) => (
            <p key={i} className="mt-2 leading-relaxed text-ink-600">
              {fillDetails(text, details)}
            </p>
          ))}
        </section>
      ))}
    </article>
  )
}
