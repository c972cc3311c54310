'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { CouponView } from '@/domains/coupons/coupons.schema'
import { AdminApiError, adminFetch } from '../api-client'
import { FormOutcome } from '../field'
import { ui } from '../styles'

/** End a coupon for good, or delete one no order used; both ask first. */
export function CouponActions({ coupon }: { coupon: Pick<CouponView, 'id' | 'code' | 'usedCount' | 'state'> }) {
  const router = useRouter()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const run = async (question: string, action: () => Promise<void>) => {
    if (!window.confirm(question)) return
    setError('')
    setBusy(true)
    try {
      await action()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось.')
    } finally {
      setBusy(false)
    }
  }
  if (coupon.state === 'ended') return null
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={ui.buttonSecondary}
        disabled={busy}
        onClick={() =>
          run(`Завершить промокод ${coupon.code}? Он перестанет действовать навсегда и останется в заказах и в списке.`, async () => {
            await adminFetch('POST', `/api/admin/coupons/${coupon.id}/end/`)
            router.refresh()
          })
        }
      >
        Завершить
      </button>
      {coupon.usedCount === 0 ? (
        <button
          type="button"
          className={ui.buttonDanger}
          disabled={busy}
          onClick={() =>
            run(`Удалить промокод ${coupon.code}? Его ещё не использовали, удаление нельзя отменить.`, async () => {
              await adminFetch('DELETE', `/api/admin/coupons/${coupon.id}/`)
              router.push('/admin/coupons/')
              router.refresh()
            })
          }
        >
          Удалить
        </button>
      ) : null}
      <FormOutcome error={error} />
    </div>
  )
}
