import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { RecordForm } from '@/admin/ui/partners/record-form'
import { ui } from '@/admin/ui/styles'
import { WEBINAR_FIELDS } from '@/admin/ui/webinars/webinar-fields'
import { RegistrationsTable } from '@/admin/ui/webinars/webinar-tables'
import { db } from '@/db/client'
import { can } from '@/domains/staff/permissions'
import { webinarById, webinarRegistrations } from '@/domains/webinars/webinars-admin.server'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Вебинар' }

export default async function WebinarPage({ params }: PageProps<'/admin/webinars/[id]'>) {
  const { id } = await params
  const actor = await requirePermission('catalog.read', `/admin/webinars/${id}/`)
  const number = Number(id)
  if (!Number.isSafeInteger(number) || number <= 0 || number > 2_147_483_647) notFound()
  const webinar = await webinarById(db(), number).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') notFound()
    throw error
  })
  // Registrations are people's contacts: shown to roles that read the inbox (owner, manager).
  const seesPeople = can(actor.role, 'inbox.read')
  const registrations = seesPeople ? (await webinarRegistrations(db(), number)).items : []
  const { id: _id, registrations: count, ...values } = webinar
  return (
    <>
      <PageHeader
        title={webinar.name}
        description={`Регистраций: ${count}.`}
        actions={
          <Link className={ui.buttonSecondary} href="/admin/webinars/">
            ← Все вебинары
          </Link>
        }
      />
      <div className="space-y-8">
        <RecordForm
          key={webinar.id}
          label="Вебинар"
          fields={WEBINAR_FIELDS}
          values={values}
          update={`/api/admin/webinars/${webinar.id}/`}
          canEdit={can(actor.role, 'content.write')}
        />
        <section aria-label="Регистрации">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">Регистрации</h2>
            {seesPeople ? (
              <a
                className={ui.buttonSecondary}
                href={`/api/admin/webinars/${webinar.id}/registrations/export/`}
                download
              >
                Скачать CSV
              </a>
            ) : null}
          </div>
          {seesPeople ? (
            <RegistrationsTable rows={registrations} />
          ) : (
            <p className="text-sm text-ink-600">Список участников видят владелец и менеджер.</p>
          )}
        </section>
      </div>
    </>
  )
}
