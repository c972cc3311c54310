import type { Metadata } from 'next'
import { connection } from 'next/server'
import { isPreview } from '@/domains/content/preview.server'
import { PreviewBanner } from '@/domains/content/ui/preview-banner'
import { encElementsByLetter, encSections } from '@/domains/encyclopedia/encyclopedia.server'
import { EncyclopediaTabs } from '@/domains/encyclopedia/ui/encyclopedia-tabs'

export const metadata: Metadata = {
  title: 'Энциклопедия ингредиентов',
  description:
    'Витамины, минералы, растительные экстракты и другие вещества: зачем они нужны, где содержатся и сколько нужно в сутки.',
}

export default async function EncyclopediaPage() {
  await connection()
  const preview = await isPreview()
  const [sections, all] = await Promise.all([encSections(), encElementsByLetter(0, preview)])
  return (
    <>
      {preview && <PreviewBanner list path="/encyclopedia/" />}
      <div className="container-page py-6 sm:py-8">
        <h1 className="text-2xl font-bold sm:text-4xl">Энциклопедия ингредиентов</h1>
        <p className="mt-2 max-w-2xl text-ink-600">
          Из чего состоят витамины и БАД: зачем организму каждое вещество, где оно содержится и сколько его
          нужно в сутки.
        </p>
        <div className="mt-6">
          <EncyclopediaTabs
            sections={sections.map((s) => ({ ID: s.ID, NAME: s.NAME, HASH: s.HASH }))}
            initial={all.elementsArr}
          />
        </div>
      </div>
    </>
  )
}
