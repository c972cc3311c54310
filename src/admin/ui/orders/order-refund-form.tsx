'use client'

import { useRouter } from 'next/navigation'
import { useRef, useState, type FormEvent } from 'react'
import { REFUND_MESSAGES, planFromFacts, type RefundFacts } from '@/domains/payment/refund'
import { formatRub } from '@/lib/money'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, TextInput } from '../field'
import { ui } from '../styles'

export interface RefundableLine {
  id: number
  name: string
  /** Pieces bought and pieces still refundable. */
  sold: number
  left: number
}

interface RefundAnswer {
  amount: number
  refunds: { status: string; error: string | null }[]
}

/** "1 500,50" or "1500.5" roubles → kopecks; null for anything else. */
function kopecksOf(text: string): number | null {
  const clean = text.replace(/[\s\u00a0₽]/g, '').replace(',', '.')
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null
  return Math.round(Number(clean) * 100)
}

const newKey = () => crypto.randomUUID()

/**
 * «Вернуть деньги» (ADR 165): pieces per line, the delivery, or all at once, and a sum of one's own
 * if need be; the same plan the server runs shows what goes back before the manager confirms. The
 * money goes back through the payment's provider; the order's status stays.
 */
export function OrderRefundForm({ orderId, facts, lines, deliveryLeft, left }: { orderId: number; facts: RefundFacts; lines: RefundableLine[]; deliveryLeft: number; left: number }) {
  const router = useRouter()
  const dialog = useRef<HTMLDialogElement>(null)
  const [pieces, setPieces] = useState<Record<number, number>>({})
  const [delivery, setDelivery] = useState(false)
  const [ownSum, setOwnSum] = useState('')
  const [comment, setComment] = useState('')
  const [key, setKey] = useState(newKey)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const chosen = lines.filter((l) => (pieces[l.id] ?? 0) > 0).map((l) => ({ id: l.id, quantity: pieces[l.id]! }))
  const everything = lines.every((l) => (pieces[l.id] ?? 0) === l.left) && (deliveryLeft === 0 || delivery)
  const typed = ownSum.trim() ? kopecksOf(ownSum) : undefined
  const input = { lines: everything ? [] : chosen, delivery, full: everything, ...(typed ? { amount: typed } : {}) }
  const nothingChosen = chosen.length === 0 && !delivery && typed === undefined
  const plan = nothingChosen || typed === null ? null : planFromFacts(input, facts)

  const open = () => {
    setPieces({})
    setDelivery(false)
    setOwnSum('')
    setComment('')
    setError('')
    setKey(newKey())
    dialog.current?.showModal()
  }
  const selectAll = () => {
    setPieces(Object.fromEntries(lines.map((l) => [l.id, l.left])))
    setDelivery(deliveryLeft > 0)
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!plan?.ok) return
    setBusy(true)
    setError('')
    try {
      const answer = await adminFetch<RefundAnswer>('POST', `/api/admin/orders/${orderId}/refunds/`, { ...input, comment, key })
      const failed = answer.refunds.find((r) => r.status === 'failed')
      if (failed) {
        // Recorded but declined: the order page shows it; a new try needs a new key.
        setError(`Платёжная система не приняла возврат: ${failed.error ?? 'без объяснения'}. Можно попробовать ещё раз.`)
        setKey(newKey())
        router.refresh()
        return
      }
      dialog.current?.close()
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось. Попробуйте ещё раз.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <button type="button" className={`${ui.buttonSecondary} mt-3 w-full`} onClick={open}>
        Вернуть деньги
      </button>
      <dialog ref={dialog} aria-labelledby={`refund-title-${orderId}`} className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-lg border border-line p-0 shadow-xl backdrop:bg-ink-900/40">
        <form onSubmit={submit} className="space-y-4 p-5">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id={`refund-title-${orderId}`} className="text-lg font-semibold">
              Возврат по заказу №{orderId}
            </h2>
            <button type="button" className="text-sm text-ink-600 hover:underline" onClick={selectAll}>
              Выбрать всё
            </button>
          </div>
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-ink-600">
              <tr>
                <th scope="col" className="py-1 pr-2 font-semibold">Товар</th>
                <th scope="col" className="py-1 pr-2 text-right font-semibold">Можно вернуть</th>
                <th scope="col" className="w-28 py-1 text-right font-semibold">Вернуть, шт.</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.id} className="border-t border-line">
                  <td className="py-2 pr-2">{l.name}</td>
                  <td className="py-2 pr-2 text-right whitespace-nowrap text-ink-600">
                    {l.left} из {l.sold}
                  </td>
                  <td className="py-2 text-right">
                    <TextInput
                      aria-label={`${l.name}: вернуть, шт.`}
                      type="number"
                      min={0}
                      max={l.left}
                      disabled={l.left === 0}
                      value={pieces[l.id] ?? 0}
                      onChange={(e) => setPieces({ ...pieces, [l.id]: Math.max(0, Math.min(l.left, Math.trunc(Number(e.target.value) || 0))) })}
                      className="w-20 text-right"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {deliveryLeft > 0 ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={delivery} onChange={(e) => setDelivery(e.target.checked)} />
              Вернуть доставку ({formatRub(deliveryLeft)})
            </label>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Своя сумма, ₽" hint="Если вернуть не по строкам: компенсация, часть стоимости" error={typed === null ? 'Сумма — число рублей, до двух знаков после запятой.' : undefined}>
              <TextInput inputMode="decimal" value={ownSum} onChange={(e) => setOwnSum(e.target.value)} invalid={typed === null} />
            </Field>
            <Field label="Причина" hint="Видна в истории заказа">
              <TextInput value={comment} maxLength={1000} onChange={(e) => setComment(e.target.value)} />
            </Field>
          </div>
          <div className="rounded-md bg-surface px-3 py-2 text-sm" aria-live="polite">
            {plan === null ? (
              <span className="text-ink-600">Выберите товары, доставку или укажите сумму. Остаток оплаты — {formatRub(left)}.</span>
            ) : plan.ok ? (
              <span>
                К возврату: <strong>{formatRub(plan.plan.amount)}</strong> из остатка {formatRub(left)}
              </span>
            ) : (
              <span className="text-sale-500">{REFUND_MESSAGES[plan.kind]}</span>
            )}
          </div>
          <p className="text-xs text-ink-600">Деньги вернутся через платёжную систему. Статус заказа и остатки на складе не меняются; чтобы убрать товары из несобранного заказа, измените его состав.</p>
          {error ? (
            <p role="alert" className="text-sm text-sale-500">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <button type="button" className={ui.buttonSecondary} onClick={() => dialog.current?.close()}>
              Отмена
            </button>
            <button type="submit" className={ui.button} disabled={busy || !plan?.ok}>
              {plan?.ok ? `Вернуть ${formatRub(plan.plan.amount)}` : 'Вернуть'}
            </button>
          </div>
        </form>
      </dialog>
    </>
  )
}
