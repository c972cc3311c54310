import { formatRub } from '@/lib/money'
import type { YookassaPayView } from '../providers/yookassa/yookassa.server'

const ERRORS = {
  unavailable: 'Платёжная система сейчас не отвечает. Попробуйте ещё раз через минуту: повторное нажатие не спишет деньги дважды.',
  receipt: 'Не удалось сформировать чек для оплаты. Мы уже знаем об ошибке; выберите другой способ оплаты или свяжитесь с нами.',
} as const

/** Before ЮKassa's page: the sum and one button; the payment is created when it is pressed (ADR 173). */
export function YookassaPayment({ view, token, sessid, error }: { view: YookassaPayView; token: string; sessid: string; error: keyof typeof ERRORS | null }) {
  return (
    <section className="mx-auto max-w-md rounded-2xl border border-line p-6" data-testid="yookassa-pay">
      <h1 className="text-2xl font-bold">Оплата картой</h1>
      <p className="mt-3">
        {view.surcharge ? 'Доплата по заказу' : 'Заказ'} №{view.orderId} в магазине Витамаркет на сумму <b>{formatRub(view.amount)}</b>
      </p>
      <p className="mt-2 text-sm text-ink-600">Оплата проходит на защищённой странице ЮKassa. Чек придёт на вашу почту.</p>
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-surface p-3 text-sm">
          {ERRORS[error]}
        </p>
      )}
      <form method="post" action="/payment/yookassa/pay/" className="mt-6">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="sessid" value={sessid} />
        <button type="submit" className="w-full rounded-full bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Перейти к оплате {formatRub(view.amount)}
        </button>
      </form>
    </section>
  )
}
