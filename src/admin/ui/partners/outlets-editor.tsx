'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { OutletView } from '@/domains/partners/partners-admin.schema'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { FormOutcome } from '../field'
import { ui } from '../styles'
import { OUTLET_FIELDS } from './partner-fields'
import { RecordForm } from './record-form'

/** A partner's pharmacies on the map (ADR 202): each its own small form; a new one at the end. */
export function OutletsEditor({
  partnerId,
  outlets,
  canEdit,
}: {
  partnerId: number
  outlets: OutletView[]
  canEdit: boolean
}) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [error, setError] = useState<string>()
  const remove = async (outlet: OutletView) => {
    if (!window.confirm(`Убрать «${outlet.name}» с карты?`)) return
    setError(undefined)
    try {
      await adminFetch('DELETE', `/api/admin/partner-outlets/${outlet.id}/`)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось.')
    }
  }
  return (
    <section className="space-y-4" aria-label="Аптеки партнёра">
      <h2 className="text-lg font-semibold">Аптеки на карте</h2>
      <FormOutcome error={error} />
      {outlets.map((o) => (
        <RecordForm
          key={o.id}
          label={`Аптека ${o.name}`}
          fields={OUTLET_FIELDS}
          values={o}
          update={`/api/admin/partner-outlets/${o.id}/`}
          canEdit={canEdit}
          extra={
            canEdit ? (
              <button
                type="button"
                className={ui.buttonDanger}
                disabled={!hydrated}
                onClick={() => void remove(o)}
              >
                Убрать с карты
              </button>
            ) : null
          }
        />
      ))}
      {outlets.length === 0 ? <p className="text-sm text-ink-600">Аптек на карте пока нет.</p> : null}
      {canEdit ? (
        <div>
          <h3 className="mb-2 font-semibold">Новая аптека</h3>
          <RecordForm
            key={`new-${outlets.length}`}
            label="Новая аптека"
            fields={OUTLET_FIELDS}
            create={`/api/admin/partners/${partnerId}/outlets/`}
            done={`/admin/partners/${partnerId}/`}
            canEdit
            submitLabel="Добавить аптеку"
          />
        </div>
      ) : null}
    </section>
  )
}
