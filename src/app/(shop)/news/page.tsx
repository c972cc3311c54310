import type { Metadata } from 'next'
import { connection } from 'next/server'
import { allNews } from '@/domains/content/content.server'
import { isPreview } from '@/domains/content/preview.server'
import { PreviewBanner } from '@/domains/content/ui/preview-banner'
import { NewsCardView } from '@/domains/content/ui/news-cards'

export const metadata: Metadata = {
  title: 'Новости',
  description: 'Новости магазина: доставка, акции, новинки каталога.',
}

export default async function NewsPage() {
  await connection()
  const preview = await isPreview()
  const items = await allNews(preview)
  return (
    <>
      {preview && <PreviewBanner list path="/news/" />}
      <div className="container-page py-6 sm:py-8">
        <h1 className="text-2xl font-bold sm:text-4xl">Новости</h1>
        <ul className="mt-6 grid gap-2.5 sm:grid-cols-2 sm:gap-5 md:grid-cols-3" data-block="news-list">
          {items.map((n) => (
            <li key={n.code}>
              <NewsCardView item={n} headingLevel={2} />
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}
