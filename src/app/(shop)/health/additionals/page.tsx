import type { Metadata } from 'next'
import { connection } from 'next/server'
import { allArticles, tagCloud } from '@/domains/content/content.server'
import { isPreview } from '@/domains/content/preview.server'
import { PreviewBanner } from '@/domains/content/ui/preview-banner'
import { TagCloud } from '@/domains/content/ui/article-blocks'
import { FitoFilteredList } from '@/domains/content/ui/fito-filter'

export const metadata: Metadata = {
  title: 'Статьи о здоровье',
  description: 'Статьи, исследования и рекомендации врачей о витаминах, минералах и здоровом образе жизни.',
}

export default async function HealthMaterialsPage() {
  await connection()
  const preview = await isPreview()
  const [materials, tags] = await Promise.all([allArticles(preview), tagCloud()])
  return (
    <>
      {preview && <PreviewBanner list path="/health/additionals/" />}
      <div className="container-page py-6 sm:py-8">
        <h1 className="text-2xl font-bold sm:text-4xl">Статьи о здоровье</h1>
        <p className="mt-2 max-w-2xl text-ink-600">
          Статьи, исследования и рекомендации врачей о витаминах, минералах и здоровом образе жизни.
        </p>
        <div className="mt-6">
          <TagCloud tags={tags} />
        </div>
        <div className="mt-6">
          <FitoFilteredList materials={materials} />
        </div>
      </div>
    </>
  )
}
