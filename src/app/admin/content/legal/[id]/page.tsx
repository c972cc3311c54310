import type { Metadata } from 'next'
import { ContentEditPage, idParam, orNotFound } from '@/admin/ui/content/content-pages'
import { legalFields } from '@/admin/ui/content/fields'
import { requirePermission } from '@/admin/session.server'
import { db } from '@/db/client'
import { legalById } from '@/domains/content/content-admin.server'

export const metadata: Metadata = { title: 'Юридическая страница' }

export default async function LegalEditPage({ params }: PageProps<'/admin/content/legal/[id]'>) {
  const { id } = await params
  await requirePermission('catalog.read', `/admin/content/legal/${id}/`)
  const page = await orNotFound(legalById(db(), idParam(id)))
  const { id: pageId, url, updatedAt: _updatedAt, ...values } = page
  return (
    <ContentEditPage
      tab="/admin/content/legal/"
      id={pageId}
      title={page.title}
      published={page.published}
      url={url}
      fields={legalFields()}
      values={values}
      apiPath="/api/admin/legal-pages"
    />
  )
}
