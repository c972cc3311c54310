import type { Metadata } from 'next'
import { Link } from '@/ui/link'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { articlesByTag, tagCloud } from '@/domains/content/content.server'
import { isPreview } from '@/domains/content/preview.server'
import { PreviewBanner } from '@/domains/content/ui/preview-banner'
import { TagCloud } from '@/domains/content/ui/article-blocks'
import { FitoFilteredList } from '@/domains/content/ui/fito-filter'

export async function generateMetadata({ params }: PageProps<'/health/tag/[code]'>): Promise<Metadata> {
  await connection()
  const tag = await articlesByTag((await params).code)
  return tag ? { title: `Статьи: ${tag.name}` } : {}
}

export default async function TagPage({ params }: PageProps<'/health/tag/[code]'>) {
  await connection()
  const { code } = await params
  const preview = await isPreview()
  const [tag, tags] = await Promise.all([articlesByTag(code, preview), tagCloud()])
  if (!tag) notFound()
  return (
    <>
      {preview && <PreviewBanner list path={`/health/tag/${code}/`} />}
      <div className="container-page py-6 sm:py-8">
        <nav aria-label="Хлебные крошки" className="text-sm text-ink-400">
          <Link href="/health/additionals/" className="hover:text-brand-600">
            Статьи о здоровье
          </Link>
        </nav>
        <h1 className="mt-2 text-2xl font-bold sm:text-4xl">#{tag.name}</h1>
        <div className="mt-6">
          <TagCloud tags={tags} current={code} />
        </div>
        <div className="mt-6">
          <FitoFilteredList materials={tag.articles} />
        </div>
      </div>
    </>
  )
}
