'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { formatRub } from '@/lib/money'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { FormOutcome } from '../field'
import { ui } from '../styles'

/**
 * A held two-stage ЮKassa payment (ADR 183): «Списать» takes the order's current total (an order made
 * cheaper while held takes less), «Отменить» gives the hold back to the buyer.
 */
export function OrderHoldActions({ orderId, paymentId, held, total }: { orderId: number; paymentId: number; held: number; total: number }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const take = Math.min(held, total)

  const act = async (action: 'capture' | 'cancel') => {
    const question =
      action === 'capture'
        ? `Списать ${formatRub(take)}${take < held ? ` из заблокированных ${formatRub(held)}` : ''}? Заказ станет оплаченным.`
        : `Отменить блокировку ${formatRub(held)}? Деньги вернутся покупателю, заказ останется неоплаченным.`
    if (!window.confirm(question)) return
    setBusy(true)
    setError(undefined)
    try {
      await adminFetch('POST', `/api/admin/orders/${orderId}/payments/${paymentId}/${action}/`)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось. Попробуйте ещё раз.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mt-2 space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={ui.button} disabled={busy || !hydrated} onClick={() => void act('capture')}>
          Списать {formatRub(take)}
        </button>
        <button type="button" className={ui.buttonDanger} disabled={busy || !hydrated} onClick={() => void act('cancel')}>
          Отменить
        </button>
      </div>
      <FormOutcome error={error} small />
    </div>
  )
}
