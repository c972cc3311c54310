import type { Metadata } from 'next'
import { ContentEditPage, idParam, orNotFound } from '@/admin/ui/content/content-pages'
import { articleFields } from '@/admin/ui/content/fields'
import { requirePermission } from '@/admin/session.server'
import { db } from '@/db/client'
import { articleById, listArticleTags, productOptions } from '@/domains/content/content-admin.server'

export const metadata: Metadata = { title: 'Статья' }

export default async function ArticlePage({ params }: PageProps<'/admin/content/articles/[id]'>) {
  const { id } = await params
  await requirePermission('catalog.read', `/admin/content/articles/${id}/`)
  const [article, tags, products] = await Promise.all([
    orNotFound(articleById(db(), idParam(id))),
    listArticleTags(db()),
    productOptions(db()),
  ])
  const { id: articleId, url, ...values } = article
  return (
    <ContentEditPage
      tab="/admin/content/articles/"
      id={articleId}
      title={article.name}
      published={article.published}
      url={url}
      fields={articleFields(tags, products)}
      values={values}
      apiPath="/api/admin/articles"
    />
  )
}
