import type { Metadata } from 'next'
import { requirePermission } from '@/admin/session.server'
import { ContentNewPage } from '@/admin/ui/content/content-pages'
import { articleFields } from '@/admin/ui/content/fields'
import { db } from '@/db/client'
import { listArticleTags, productOptions } from '@/domains/content/content-admin.server'

export const metadata: Metadata = { title: 'Новая статья' }

export default async function NewArticlePage() {
  // The permission first: nothing is read for a visitor without it, nor while the build prerenders the page.
  await requirePermission('content.write', '/admin/content/articles/new/')
  const [tags, products] = await Promise.all([listArticleTags(db()), productOptions(db())])
  return (
    <ContentNewPage
      tab="/admin/content/articles/"
      title="Новая статья"
      fields={articleFields(tags, products)}
      values={{ category: 'Статья', publishedAt: new Date().toISOString(), tagIds: [], productIds: [] }}
      apiPath="/api/admin/articles"
      createLabel="Создать статью"
    />
  )
}
