import type { Metadata } from 'next'
import { ContentListPage } from '@/admin/ui/content/content-pages'
import { db } from '@/db/client'
import { listLegalPages } from '@/domains/content/content-admin.server'

export const metadata: Metadata = { title: 'Юридические страницы' }

export default function LegalListPage({ searchParams }: PageProps<'/admin/content/legal'>) {
  return (
    <ContentListPage
      tab="/admin/content/legal/"
      title="Юридические страницы"
      description="Оферта, политика обработки данных и другие страницы /about/…/. Реквизиты подставляются из настроек магазина."
      searchParams={searchParams}
      load={(q) => listLegalPages(db(), q)}
      newLabel="Новая страница"
    />
  )
}
