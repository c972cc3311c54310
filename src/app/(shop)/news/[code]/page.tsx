import type { Metadata } from 'next'
import { Link } from '@/ui/link'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { formatDate } from '@/domains/content/content'
import { latestNews, newsItem } from '@/domains/content/content.server'
import { isPreview } from '@/domains/content/preview.server'
import { PreviewBanner } from '@/domains/content/ui/preview-banner'
import { RichText } from '@/domains/content/ui/article-blocks'
import { ALL_NEWS_URL, NewsSlider } from '@/domains/content/ui/news-cards'

export async function generateMetadata({ params }: PageProps<'/news/[code]'>): Promise<Metadata> {
  await connection()
  const item = await newsItem((await params).code, await isPreview())
  return item
    ? { title: item.seoTitle || item.name, description: item.seoDescription || item.previewText }
    : {}
}

export default async function NewsItemPage({ params }: PageProps<'/news/[code]'>) {
  await connection()
  const { code } = await params
  const preview = await isPreview()
  const [item, latest] = await Promise.all([newsItem(code, preview), latestNews(7)])
  if (!item) notFound()
  const others = latest.filter((n) => n.code !== code).slice(0, 6)
  return (
    <>
      {preview && (
        <PreviewBanner mark={item.mark} publishedAt={item.publishedAt} path={`/news/${item.code}/`} />
      )}
      <div className="container-page py-6 sm:py-8">
        <Link href={ALL_NEWS_URL} className="text-sm font-semibold text-brand-600 hover:text-brand-700">
          ← Все новости
        </Link>
        <article className="mx-auto mt-4 max-w-3xl">
          <time dateTime={item.publishedAt} className="text-sm text-ink-400">
            {formatDate(item.publishedAt)}
          </time>
          <h1 className="mt-2 text-2xl leading-tight font-bold sm:text-4xl">{item.name}</h1>
          <p className="mt-3 text-lg text-ink-600">{item.previewText}</p>
          {item.picture ? (
            <img src={item.picture} alt="" className="mt-6 aspect-video w-full rounded-2xl object-cover" />
          ) : null}
          <RichText html={item.text} className="mt-6" />
        </article>
        {others.length > 0 && <NewsSlider items={others} />}
      </div>
    </>
  )
}
