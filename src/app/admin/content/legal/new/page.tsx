import type { Metadata } from 'next'
import { ContentNewPage } from '@/admin/ui/content/content-pages'
import { legalFields } from '@/admin/ui/content/fields'

export const metadata: Metadata = { title: 'Новая юридическая страница' }

export default function NewLegalPage() {
  return (
    <ContentNewPage
      tab="/admin/content/legal/"
      title="Новая юридическая страница"
      fields={legalFields()}
      values={{ sections: [{ heading: '1. Общие положения', paragraphs: [''] }] }}
      apiPath="/api/admin/legal-pages"
      createLabel="Создать страницу"
    />
  )
}
