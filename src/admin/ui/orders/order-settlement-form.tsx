'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { FormOutcome } from '../field'
import { ui } from '../styles'
import { MarkCodeFields, codesFromForm, type MarkedPiece } from './mark-code-fields'

/** Sends (or sends again) the settlement receipt of a shipped order, with the marked pieces' codes (ADR 183). */
export function OrderSettlementForm({ orderId, pieces }: { orderId: number; pieces: readonly MarkedPiece[] }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const submit = async (form: HTMLFormElement) => {
    const markCodes = codesFromForm(form, pieces)
    if (!markCodes) return setError('Введите код маркировки для каждой штуки.')
    setBusy(true)
    setError(undefined)
    try {
      await adminFetch('POST', `/api/admin/orders/${orderId}/settlement-receipt/`, { markCodes })
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось. Попробуйте ещё раз.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      className="mt-2 space-y-2 border-t border-line pt-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void submit(e.currentTarget)
      }}
    >
      {pieces.length ? <MarkCodeFields pieces={pieces} /> : null}
      <button type="submit" className={ui.buttonSecondary} disabled={busy || !hydrated}>
        {busy ? 'Отправляем…' : 'Отправить чек полного расчёта'}
      </button>
      <FormOutcome error={error} small />
    </form>
  )
}
