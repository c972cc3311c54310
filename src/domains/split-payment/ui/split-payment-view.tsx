import { formatRub } from '@/lib/money'
import { EXAMPLE_PAYMENT, REFUND_DAYS, SPLIT_PARTS, SPLIT_SERVICE_CONTACTS, splitSchedule } from '../split-payment'

const BENEFITS = [
  { title: 'Без переплат', text: 'Стоимость покупки делится на 4 равные части — вы платите ту же сумму, что и при оплате картой.' },
  { title: 'Сразу после оплаты', text: 'Первая часть списывается сразу, а заказ мы собираем и отправляем как обычно.' },
  { title: 'Без документов', text: 'Не нужно заполнять анкеты и ждать одобрения: достаточно банковской карты.' },
]

const QUESTIONS = [
  {
    q: 'Как оплатить покупку долями?',
    a: 'При оформлении заказа выберите способ оплаты «Долями», укажите данные карты и подтвердите первый платёж. Остальные три части спишутся автоматически.',
  },
  { q: 'Когда списываются платежи?', a: 'Первый платёж — сразу, следующие — каждые 2 недели. Весь заказ оплачивается за 6 недель.' },
  {
    q: 'Есть ли дополнительные платежи?',
    a: 'Покупка делится на 4 части без процентов. Сервис может взимать комиссию за услугу — её размер показывается до подтверждения оплаты.',
  },
  {
    q: 'Как вернуть товар?',
    a: `Оформите возврат как обычно. Деньги за уже оплаченные части вернутся на карту в течение ${REFUND_DAYS} дней, оставшиеся платежи будут отменены.`,
  },
  { q: 'Можно ли погасить досрочно?', a: 'Да, оставшиеся части можно оплатить в любой момент в личном кабинете сервиса «Долями».' },
]

/** The split-payment info page (/dolyami/): banner with the schedule, benefits, Q&A and the service's contacts. */
export function SplitPaymentView() {
  const schedule = splitSchedule(EXAMPLE_PAYMENT * SPLIT_PARTS)
  return (
    <div data-split-payment>
      <section className="bg-ink-900 text-white">
        <div className="container-page grid gap-8 py-10 md:grid-cols-2 md:items-center md:py-16">
          <div>
            <h1 className="text-3xl font-bold sm:text-5xl">Оплата долями</h1>
            <p className="mt-4 text-lg text-white/80">
              Разделите покупку на {SPLIT_PARTS} равные части: первая — сразу, остальные — каждые 2 недели. Без процентов и переплат.
            </p>
          </div>
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="График платежей" data-split-schedule>
            {schedule.map((s, i) => (
              <li key={s.label} className={`rounded-2xl p-4 ${i === 0 ? 'bg-brand-500' : 'bg-white/10'}`}>
                <span className="block text-sm text-white/80">{s.label}</span>
                <span className="mt-1 block text-xl font-bold" data-split-amount>
                  {formatRub(s.amount)}
                </span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="container-page py-10">
        <div className="grid gap-4 md:grid-cols-3" data-split-benefits>
          {BENEFITS.map((b) => (
            <div key={b.title} className="rounded-2xl border border-line p-6">
              <h2 className="text-xl font-bold">{b.title}</h2>
              <p className="mt-2 text-ink-600">{b.text}</p>
            </div>
          ))}
        </div>
        <p className="mt-6 text-sm text-ink-600">
          Пример: заказ на {formatRub(EXAMPLE_PAYMENT * SPLIT_PARTS)} — это {SPLIT_PARTS} платежа по {formatRub(EXAMPLE_PAYMENT)}. Сервис может взимать
          комиссию за услугу; её размер показывается до подтверждения оплаты.
        </p>
      </section>

      <section className="container-page pb-10">
        <h2 className="mb-4 text-2xl font-bold sm:text-3xl">Вопросы и ответы</h2>
        <div className="divide-y divide-line rounded-2xl border border-line" data-split-faq>
          {QUESTIONS.map((item) => (
            <details key={item.q} className="group px-5 py-4">
              <summary className="cursor-pointer list-none font-semibold marker:hidden group-open:text-brand-700">
                <span className="flex items-center justify-between gap-4">
                  {item.q}
                  <span aria-hidden="true" className="text-xl transition group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-ink-600">{item.a}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="container-page pb-12">
        <div className="rounded-2xl bg-surface p-6" data-split-contacts>
          <h2 className="text-xl font-bold">Служба поддержки сервиса «{SPLIT_SERVICE_CONTACTS.name}»</h2>
          <p className="mt-2 text-ink-600">
            Телефон: {SPLIT_SERVICE_CONTACTS.phone} (звонок по России бесплатный)
            <br />
            E-mail: {SPLIT_SERVICE_CONTACTS.email}
          </p>
        </div>
      </section>
    </div>
  )
}
