import type { Metadata } from 'next'
import { ContentEditPage, idParam, orNotFound } from '@/admin/ui/content/content-pages'
import { newsFields } from '@/admin/ui/content/fields'
import { requirePermission } from '@/admin/session.server'
import { db } from '@/db/client'
import { newsById } from '@/domains/content/content-admin.server'

export const metadata: Metadata = { title: 'Новость' }

export default async function NewsItemPage({ params }: PageProps<'/admin/content/news/[id]'>) {
  const { id } = await params
  await requirePermission('catalog.read', `/admin/content/news/${id}/`)
  const item = await orNotFound(newsById(db(), idParam(id)))
  const { id: newsId, url, ...values } = item
  return (
    <ContentEditPage
      tab="/admin/content/news/"
      id={newsId}
      title={item.name}
      published={item.published}
      url={url}
      fields={newsFields()}
      values={values}
      apiPath="/api/admin/news"
    />
  )
}
