import type { Metadata } from 'next'
import { ContentListPage } from '@/admin/ui/content/content-pages'
import { db } from '@/db/client'
import { listArticles } from '@/domains/content/content-admin.server'

export const metadata: Metadata = { title: 'Статьи' }

export default function ArticlesPage({ searchParams }: PageProps<'/admin/content/articles'>) {
  return (
    <ContentListPage
      tab="/admin/content/articles/"
      title="Статьи"
      description="Статьи о здоровье и дополнительные материалы (/health/). Черновик не виден покупателям; посмотреть его можно кнопкой «Предпросмотр»."
      searchParams={searchParams}
      load={(q) => listArticles(db(), q)}
      newLabel="Новая статья"
      groupLabel="Категория"
    />
  )
}
