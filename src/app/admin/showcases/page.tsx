import type { Metadata } from 'next'
import { requirePermission } from '@/admin/session.server'
import { ShowcaseTabs } from '@/admin/ui/catalog-structure/showcase-tabs'
import { PageHeader } from '@/admin/ui/page-header'
import { db } from '@/db/client'
import { SHOWCASE_BLOCKS } from '@/domains/catalog/catalog-structure-showcases'
import { listShowcaseTabs } from '@/domains/catalog/catalog-structure-showcases.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Витрины главной' }

export default async function ShowcasesPage() {
  const actor = await requirePermission('catalog.read', '/admin/showcases/')
  const canEdit = can(actor.role, 'content.write')
  const { items } = await listShowcaseTabs(db())
  return (
    <>
      <PageHeader
        title="Витрины главной"
        description="Вкладки блоков главной страницы в их порядке. Перетащите вкладку или нажмите ↑ ↓; у вкладки «вручную» товары задаются кодами."
      />
      <div className="space-y-6">
        {SHOWCASE_BLOCKS.map((block) => (
          <ShowcaseTabs key={block} block={block} tabs={items.filter((t) => t.block === block)} canEdit={canEdit} />
        ))}
      </div>
    </>
  )
}
