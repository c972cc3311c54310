import type { Metadata } from 'next'
import Link from 'next/link'
import { auditQuery } from '@/admin/api/audit'
import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import { AuditTable } from '@/admin/ui/audit/audit-table'
import { FilterBar } from '@/admin/ui/filter-bar'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { AUDIT_OBJECTS } from '@/domains/audit/audit-labels'
import { auditEntries } from '@/domains/audit/audit.server'
import { staffList } from '@/domains/staff/staff-admin.server'

export const metadata: Metadata = { title: 'Журнал изменений' }

const PAGE = 50

export default async function AuditPage({ searchParams }: PageProps<'/admin/audit'>) {
  await requirePermission('audit.read', '/admin/audit/')
  const values = firstValues(await searchParams)
  const parsed = auditQuery.safeParse(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')))
  const filter = parsed.success ? parsed.data : auditQuery.parse({})
  const [rows, members] = await Promise.all([auditEntries(db(), { ...filter, limit: PAGE }), staffList()])
  const keep = new URLSearchParams(Object.entries(values).filter(([k, v]) => v !== '' && k !== 'beforeId'))
  const older = rows.length === PAGE ? `/admin/audit/?${new URLSearchParams({ ...Object.fromEntries(keep), beforeId: String(rows.at(-1)!.id) })}` : null
  return (
    <>
      <PageHeader
        title="Журнал изменений"
        description="Кто, когда и что изменил в панели управления и через API."
        actions={
          <a className={ui.buttonSecondary} href={`/api/admin/audit/export/?${keep}`}>
            Скачать CSV
          </a>
        }
      />
      <FilterBar
        action="/admin/audit/"
        values={values}
        filters={[
          { name: 'objectType', label: 'Объект', kind: 'select', options: Object.entries(AUDIT_OBJECTS).map(([value, label]) => ({ value, label })) },
          { name: 'objectId', label: 'Номер объекта', kind: 'text', placeholder: 'например, 1024' },
          { name: 'staffId', label: 'Сотрудник', kind: 'select', options: members.map((m) => ({ value: String(m.id), label: m.name || m.email })) },
        ]}
      />
      <AuditTable rows={rows.map((r) => ({ ...r, at: r.at.toISOString() }))} />
      {older ? (
        <div className="mt-4 text-right">
          <Link className={ui.buttonSecondary} href={older}>
            Раньше →
          </Link>
        </div>
      ) : null}
    </>
  )
}
