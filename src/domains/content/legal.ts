import { z } from 'zod'
import pages from '@/db/seed/data/legal-pages.json'

const legalPage = z.object({
  slug: z.string(),
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
})
export type LegalPage = z.infer<typeof legalPage>

const all: LegalPage[] = z.array(legalPage).parse(pages)

/** The seed's version of a page; the storefront reads the edited rows (legal.server.ts). */
export function findLegalPage(slug: string): LegalPage | undefined {
  return all.find((p) => p.slug === slug)
}
