'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { TRACKING_CARRIERS } from '@/domains/orders/fulfilment'
import { ORDER_STATUS, type OrderStatus } from '@/domains/orders/order-status'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, TextInput } from '../field'
import { ui } from '../styles'
import { MarkCodeFields, codesFromForm, type MarkedPiece } from './mark-code-fields'
import { useHydrated } from '@/ui/use-hydrated'

const CARRIER_NAMES: Record<string, string> = { sdek: 'СДЭК', boxberry: 'Boxberry', russianpost: 'Почта России' }
const ACTION_NAMES: Partial<Record<OrderStatus, string>> = {
  assembling: 'В сборку',
  shipped: 'Передать в доставку',
  delivered: 'Доставлен',
  cancelled: 'Отменить заказ',
}

/**
 * The steps the server allows this staff member now (the transitions table and the role); 'shipped'
 * asks for the parcel's track number, a cancel asks to confirm, any step may carry a note.
 */
export function OrderStatusActions({
  orderId,
  steps,
  trackRequired,
  currentTrack,
  settlement = null,
}: {
  orderId: number
  steps: readonly OrderStatus[]
  trackRequired: boolean
  currentTrack: string | null
  /** A prepaid ЮKassa order: shipping it sends the settlement receipt, with a code per marked piece (ADR 183). */
  settlement?: { pieces: readonly MarkedPiece[] } | null
}) {
  // Until React has hydrated, a submit would go out as a native form: the button waits.
  const hydrated = useHydrated()
  const router = useRouter()
  const [chosen, setChosen] = useState<OrderStatus | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  if (steps.length === 0) return <p className="text-sm text-ink-600">Дальше статус меняется не вами: заказ ждёт оплаты, доставки или уже закрыт.</p>

  const submit = async (form: HTMLFormElement) => {
    if (!chosen) return
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>
    const markCodes = chosen === 'shipped' && settlement ? codesFromForm(form, settlement.pieces) : null
    if (chosen === 'shipped' && settlement && !markCodes) return setErrors({ form: 'Введите код маркировки для каждой маркированной штуки.' })
    if (chosen === 'cancelled' && !window.confirm(`Отменить заказ №${orderId}? Товары вернутся на склад, купон и слот освободятся, покупатель получит письмо.`)) return
    setBusy(true)
    setErrors({})
    try {
      await adminFetch('POST', `/api/admin/orders/${orderId}/status/`, {
        status: chosen,
        ...(data.note?.trim() ? { note: data.note } : {}),
        ...(chosen === 'shipped' && data.trackNumber?.trim() ? { trackNumber: data.trackNumber } : {}),
        ...(chosen === 'shipped' && data.carrier ? { carrier: data.carrier } : {}),
      })
      if (markCodes) {
        // The order is shipped already; a receipt ЮKassa does not take now is sent again from the payment card.
        await adminFetch('POST', `/api/admin/orders/${orderId}/settlement-receipt/`, { markCodes }).catch(() => undefined)
      }
      setChosen(null)
      router.refresh()
    } catch (error) {
      setErrors(error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось. Попробуйте ещё раз.' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {steps.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={chosen === s}
            className={s === 'cancelled' ? ui.buttonDanger : chosen === s ? ui.button : ui.buttonSecondary}
            onClick={() => (setChosen(chosen === s ? null : s), setErrors({}))}
          >
            {ACTION_NAMES[s] ?? ORDER_STATUS[s].label}
          </button>
        ))}
      </div>
      {chosen ? (
        <form
          className="space-y-3 rounded-md border border-line bg-surface p-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            void submit(e.currentTarget)
          }}
        >
          {chosen === 'shipped' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={trackRequired ? 'Трек-номер' : 'Трек-номер (если есть)'} error={errors.trackNumber}>
                <TextInput name="trackNumber" defaultValue={currentTrack ?? ''} required={trackRequired} invalid={Boolean(errors.trackNumber)} autoComplete="off" />
              </Field>
              <Field label="Перевозчик" error={errors.carrier} hint="Если не та служба, что выбрал покупатель">
                <select name="carrier" className={ui.input} defaultValue="">
                  <option value="">Как в заказе</option>
                  {TRACKING_CARRIERS.map((c) => (
                    <option key={c} value={c}>
                      {CARRIER_NAMES[c] ?? c}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          ) : null}
          {chosen === 'shipped' && settlement?.pieces.length ? <MarkCodeFields pieces={settlement.pieces} /> : null}
          <Field label="Комментарий к смене статуса" error={errors.note} hint="Виден только сотрудникам, в истории заказа">
            <TextInput name="note" maxLength={1000} />
          </Field>
          {errors.form ? (
            <p role="alert" className="text-sm text-sale-500">
              {errors.form}
            </p>
          ) : null}
          <div className="flex gap-2">
            <button type="submit" className={chosen === 'cancelled' ? ui.buttonDanger : ui.button} disabled={busy || !hydrated}>
              {busy ? 'Сохраняем…' : `Перевести в «${ORDER_STATUS[chosen].label}»`}
            </button>
            <button type="button" className={ui.buttonSecondary} onClick={() => setChosen(null)}>
              Не менять
            </button>
          </div>
        </form>
      ) : null}
    </div>
  )
}
