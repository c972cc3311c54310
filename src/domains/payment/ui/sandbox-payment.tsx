import { formatRub } from '@/lib/money'
import { INSTALMENT_FEE_NOTE, instalments } from '../instalments'
import type { SandboxView } from '../payment.server'

/**
 * The built-in payment page standing in for a bank or the instalment service: the buyer pays or
 * refuses, and the page notifies the shop with a signed callback (works offline, can fail on demand).
 */
export function SandboxPayment({ view, token, sessid }: { view: SandboxView; token: string; sessid: string }) {
  const { order, payment } = view
  const dolyame = payment.provider === 'dolyame'
  return (
    <section className="mx-auto max-w-md rounded-2xl border border-line p-6" data-testid="sandbox">
      <p className="text-xs uppercase tracking-wide text-ink-400">Тестовая платёжная страница</p>
      <h1 className="mt-1 text-2xl font-bold">{dolyame ? 'Оплата долями' : 'Оплата картой'}</h1>
      <p className="mt-3">
        {view.surcharge ? 'Доплата по заказу' : 'Заказ'} №{order.id} в магазине Витамаркет на сумму <b>{formatRub(payment.amount)}</b>
      </p>
      {dolyame && (
        <>
          <ol className="mt-4 grid grid-cols-2 gap-2 text-sm">
            {instalments(payment.amount, new Date()).map((p) => (
              <li key={p.date} className="rounded-lg bg-surface p-2">
                {new Date(`${p.date}T12:00:00Z`).toLocaleDateString('ru-RU')}: <b>{formatRub(p.amount)}</b>
              </li>
            ))}
          </ol>
          <p className="mt-2 text-xs text-ink-600">{INSTALMENT_FEE_NOTE}</p>
        </>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <form method="post" action="/payment/sandbox/pay/" className="flex-1">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="outcome" value="pay" />
          <input type="hidden" name="sessid" value={sessid} />
          <button type="submit" className="w-full rounded-full bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
            Оплатить {formatRub(dolyame ? instalments(payment.amount, new Date())[0]!.amount : payment.amount)}
          </button>
        </form>
        <form method="post" action="/payment/sandbox/pay/" className="flex-1">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="outcome" value="fail" />
          <input type="hidden" name="sessid" value={sessid} />
          <button type="submit" className="w-full rounded-full border border-line px-5 py-3">
            Отказаться
          </button>
        </form>
      </div>
    </section>
  )
}
