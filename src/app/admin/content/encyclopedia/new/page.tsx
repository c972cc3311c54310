import type { Metadata } from 'next'
import { requirePermission } from '@/admin/session.server'
import { ContentNewPage } from '@/admin/ui/content/content-pages'
import { encElementFields } from '@/admin/ui/content/fields'
import { db } from '@/db/client'
import { productOptions } from '@/domains/content/content-admin.server'
import { listEncSections } from '@/domains/encyclopedia/encyclopedia-admin.server'

export const metadata: Metadata = { title: 'Новый элемент энциклопедии' }

export default async function NewEncElementPage() {
  // The permission first: nothing is read for a visitor without it, nor while the build prerenders the page.
  await requirePermission('content.write', '/admin/content/encyclopedia/new/')
  const [sections, products] = await Promise.all([listEncSections(db()), productOptions(db())])
  return (
    <ContentNewPage
      tab="/admin/content/encyclopedia/"
      title="Новый элемент энциклопедии"
      fields={encElementFields(sections.items, products)}
      values={{ matchTerms: [], productIds: [] }}
      apiPath="/api/admin/encyclopedia/elements"
      createLabel="Создать элемент"
    />
  )
}
