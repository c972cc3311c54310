import type { Metadata } from 'next'
import { ContentNewPage } from '@/admin/ui/content/content-pages'
import { newsFields } from '@/admin/ui/content/fields'

export const metadata: Metadata = { title: 'Новая новость' }

export default function NewNewsPage() {
  return (
    <ContentNewPage
      tab="/admin/content/news/"
      title="Новая новость"
      fields={newsFields()}
      values={{ publishedAt: new Date().toISOString() }}
      apiPath="/api/admin/news"
      createLabel="Создать новость"
    />
  )
}
