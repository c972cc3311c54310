import { formatRub } from '@/lib/money'
import type { GatewayPayView } from './gateway-flow.server'

const ERRORS = {
  unavailable: 'Платёжная система сейчас не отвечает. Попробуйте ещё раз через минуту: повторное нажатие не спишет деньги дважды.',
  receipt: 'Не удалось сформировать чек для оплаты. Мы уже знаем об ошибке; выберите другой способ оплаты или свяжитесь с нами.',
} as const

export type GatewayPayError = keyof typeof ERRORS

/** Before a gateway's page (Т-Банк, Долями): the sum and one button; the payment is made when it is pressed. */
export function GatewayPayment(props: { view: GatewayPayView; token: string; sessid: string; error: GatewayPayError | null; title: string; note: string; action: string; testId: string }) {
  const { view, token, sessid, error } = props
  return (
    <section className="mx-auto max-w-md rounded-2xl border border-line p-6" data-testid={props.testId}>
      <h1 className="text-2xl font-bold">{props.title}</h1>
      <p className="mt-3">
        {view.surcharge ? 'Доплата по заказу' : 'Заказ'} №{view.orderId} в магазине Витамаркет на сумму <b>{formatRub(view.amount)}</b>
      </p>
      <p className="mt-2 text-sm text-ink-600">{props.note}</p>
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-surface p-3 text-sm">
          {ERRORS[error]}
        </p>
      )}
      <form method="post" action={props.action} className="mt-6">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="sessid" value={sessid} />
        <button type="submit" className="w-full rounded-full bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Перейти к оплате {formatRub(view.amount)}
        </button>
      </form>
    </section>
  )
}

/** The error named in the page's address, if it is one we know. */
export function payErrorOf(error: string | string[] | undefined): GatewayPayError | null {
  return error === 'receipt' ? 'receipt' : error ? 'unavailable' : null
}
