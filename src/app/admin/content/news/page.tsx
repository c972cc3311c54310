import type { Metadata } from 'next'
import { ContentListPage } from '@/admin/ui/content/content-pages'
import { db } from '@/db/client'
import { listNews } from '@/domains/content/content-admin.server'

export const metadata: Metadata = { title: 'Новости' }

export default function NewsListPage({ searchParams }: PageProps<'/admin/content/news'>) {
  return (
    <ContentListPage
      tab="/admin/content/news/"
      title="Новости"
      description="Новости магазина (/news/). Черновик не виден покупателям; посмотреть его можно кнопкой «Предпросмотр»."
      searchParams={searchParams}
      load={(q) => listNews(db(), q)}
      newLabel="Новая новость"
    />
  )
}
