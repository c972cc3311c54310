import type { Metadata } from 'next'
import { ContentEditPage, idParam, orNotFound } from '@/admin/ui/content/content-pages'
import { encElementFields } from '@/admin/ui/content/fields'
import { requirePermission } from '@/admin/session.server'
import { db } from '@/db/client'
import { productOptions } from '@/domains/content/content-admin.server'
import { encElementById, listEncSections } from '@/domains/encyclopedia/encyclopedia-admin.server'

export const metadata: Metadata = { title: 'Элемент энциклопедии' }

export default async function EncElementEditPage({ params }: PageProps<'/admin/content/encyclopedia/[id]'>) {
  const { id } = await params
  await requirePermission('catalog.read', `/admin/content/encyclopedia/${id}/`)
  const [element, sections, products] = await Promise.all([
    orNotFound(encElementById(db(), idParam(id))),
    listEncSections(db()),
    productOptions(db()),
  ])
  const { id: elementId, url, ...values } = element
  return (
    <ContentEditPage
      tab="/admin/content/encyclopedia/"
      id={elementId}
      title={element.name}
      published={element.published}
      url={url}
      fields={encElementFields(sections.items, products)}
      values={values}
      apiPath="/api/admin/encyclopedia/elements"
    />
  )
}
