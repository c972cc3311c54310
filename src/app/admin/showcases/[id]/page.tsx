import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requirePermission } from '@/admin/session.server'
import { ShowcaseSlides } from '@/admin/ui/catalog-structure/showcase-slides'
import { PageHeader } from '@/admin/ui/page-header'
import { db } from '@/db/client'
import { listSlides } from '@/domains/catalog/showcase-slides.server'
import { can } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Слайды набора от экспертов' }

/** One sets-from-experts tab's slides (issue 20, ADR 204). */
export default async function ShowcaseSlidesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const actor = await requirePermission('catalog.read', `/admin/showcases/${id}/`)
  const tabId = /^\d{1,9}$/.test(id) ? Number(id) : 0
  const found = tabId > 0 ? await listSlides(db(), tabId).catch((e: unknown) => (e instanceof Refusal ? null : Promise.reject(e))) : null
  if (!found) notFound()
  return (
    <>
      <PageHeader
        title={`Наборы от экспертов: «${found.tab.title}»`}
        description="Слайды вкладки в порядке главной страницы. Перетащите слайд или нажмите ↑ ↓; ненужный слайд скрывается, а не удаляется."
        actions={
          <Link href="/admin/showcases/" className={'text-sm text-brand-700 underline'}>
            ← Все витрины
          </Link>
        }
      />
      <ShowcaseSlides tabId={found.tab.id} slides={found.items} canEdit={can(actor.role, 'content.write')} />
    </>
  )
}
