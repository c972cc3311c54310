import type { Metadata } from 'next'
import { ContentListPage } from '@/admin/ui/content/content-pages'
import { EncSectionsEditor } from '@/admin/ui/content/enc-sections-editor'
import { db } from '@/db/client'
import { can } from '@/domains/staff/permissions'
import { listEncElements, listEncSections } from '@/domains/encyclopedia/encyclopedia-admin.server'

export const metadata: Metadata = { title: 'Энциклопедия' }

export default function EncyclopediaPage({ searchParams }: PageProps<'/admin/content/encyclopedia'>) {
  return (
    <ContentListPage
      tab="/admin/content/encyclopedia/"
      title="Энциклопедия ингредиентов"
      description="Разделы — вкладки страницы /encyclopedia/, элементы — страницы ингредиентов со списком товаров, в составе которых они есть."
      searchParams={searchParams}
      load={(q) => listEncElements(db(), q)}
      newLabel="Новый элемент"
      groupLabel="Раздел"
      before={async (actor) => (
        <EncSectionsEditor
          sections={(await listEncSections(db())).items}
          canEdit={can(actor.role, 'content.write')}
        />
      )}
    />
  )
}
