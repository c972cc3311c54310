'use client'

import type { CheckoutEvent, CheckoutPageState } from '../checkout-page'
import type { OrderView } from '../checkout-view'
import { NumberedSection } from './numbered-section'

/** Block 3: the pay systems; a prepay-only point hides cash on receipt (ADR 105). */
export function PaymentSection({ state, view, dispatch, choose }: { state: CheckoutPageState; view: OrderView; dispatch: (e: CheckoutEvent) => void; choose: (e: CheckoutEvent) => void }) {
  const offered = view.paySystems.filter((p) => !(state.cannotPay && p.isCash))
  return (
    <NumberedSection title="Оплата" n={3}>
      <div className="flex flex-col gap-2" role="radiogroup" aria-label="Способ оплаты">
        {offered.map((p) => (
          <label key={p.id} className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${p.id === state.form.paySystemId ? 'border-brand-600 bg-brand-50' : 'border-line'}`}>
            <input
              type="radio"
              name="PAY_SYSTEM_ID"
              value={p.id}
              checked={p.id === state.form.paySystemId}
              onChange={() => choose({ type: 'paySystemChosen', id: p.id })}
              className="mt-1"
            />
            <span className="flex flex-col">
              <span className="font-semibold">{p.name}</span>
              {p.description && <span className="text-sm text-ink-600">{p.description}</span>}
              {p.code === 'dolyame' && (
                <button type="button" className="self-start text-sm text-brand-700 underline" onClick={() => dispatch({ type: 'instalmentsToggled', open: true })}>
                  Как это работает
                </button>
              )}
            </span>
          </label>
        ))}
      </div>
    </NumberedSection>
  )
}
