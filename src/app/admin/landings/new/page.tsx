import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { NewLandingForm } from '@/admin/ui/landings/new-landing-form'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'

export const metadata: Metadata = { title: 'Новый лендинг' }

export default async function NewLandingPage() {
  await requirePermission('content.write', '/admin/landings/new/')
  return (
    <>
      <PageHeader
        title="Новый лендинг"
        description="Создаётся скрытым, с первым экраном; блоки добавляются в редакторе."
        actions={
          <Link className={ui.buttonSecondary} href="/admin/landings/">
            ← Все лендинги
          </Link>
        }
      />
      <NewLandingForm />
    </>
  )
}
