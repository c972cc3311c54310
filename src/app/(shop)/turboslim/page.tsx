import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { loadProgramme } from '@/domains/landings/landings.server'
import { WeightLossNewsletterBlock } from '@/domains/forms/ui/newsletter'
import { ProgrammeView } from '@/domains/landings/ui/programme-view'

export const metadata: Metadata = {
  title: 'Турбослим — программа снижения веса',
  alternates: { canonical: '/turboslim/' },
}

export default async function TurboslimPage() {
  await connection()
  const programme = await loadProgramme()
  if (!programme) notFound()
  return (
    <>
      <ProgrammeView programme={programme} />
      <section className="container-page py-10">
        <WeightLossNewsletterBlock />
      </section>
    </>
  )
}
