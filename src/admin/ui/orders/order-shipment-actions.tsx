'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { FormOutcome } from '../field'
import { ui } from '../styles'

/** «Зарегистрировать отправление» (with the carrier's name) and «Обновить статус» of the shipment panel. */
export function ShipmentActions({ orderId, carrierName, canRegister, canRefresh }: { orderId: number; carrierName: string; canRegister: boolean; canRefresh: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  if (!canRegister && !canRefresh) return null
  const run = async (path: string) => {
    setBusy(true)
    setError(undefined)
    try {
      await adminFetch('POST', path)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось. Попробуйте ещё раз.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      {canRegister ? (
        <button type="button" className={ui.button} disabled={busy || !hydrated} onClick={() => void run(`/api/admin/orders/${orderId}/shipment/`)}>
          Зарегистрировать отправление{carrierName ? ` (${carrierName})` : ''}
        </button>
      ) : null}
      {canRefresh ? (
        <button type="button" className={ui.buttonSecondary} disabled={busy || !hydrated} onClick={() => void run(`/api/admin/orders/${orderId}/shipment/refresh/`)}>
          Обновить статус
        </button>
      ) : null}
      <FormOutcome error={error} />
    </div>
  )
}
