import Link from 'next/link'
import { EXAMPLE_NOTE_SHORT } from '@/domains/layout/shop'
import { documentAmount, PRINT_FORM_TITLES, PRINT_FORMS, type InvoiceModel, type PackingSlipModel, type PrintDocument, type PrintForm } from '@/domains/documents/print-forms'
import { ui } from '../styles'
import { PrintButton } from './print-button'

/**
 * On paper only the sheets remain: the back office's frame (its side bar and top bar around
 * #main, src/admin/ui/admin-shell.tsx) and our toolbar are hidden, and each order starts a new A4 page.
 */
const PRINT_CSS = `
@page { size: A4; margin: 12mm; }
@media print {
  html, body { background: #fff !important; }
  aside, div:has(> #main) > :not(#main), [data-print-hide] { display: none !important; }
  div:has(> #main), #main { background: #fff !important; padding: 0 !important; margin: 0 !important; max-width: none !important; }
  .print-sheet { box-shadow: none !important; border: 0 !important; margin: 0 !important; padding: 0 !important; width: auto !important; min-height: 0 !important; break-after: page; }
  .print-sheet:last-of-type { break-after: auto; }
  .print-sheet table { break-inside: auto; }
  .print-sheet tr { break-inside: avoid; }
  .print-sheet thead { display: table-header-group; }
}
`

const cellClass = 'border border-black px-1.5 py-1 align-top'

function Invoice({ doc }: { doc: InvoiceModel }) {
  const p = doc.payee
  return (
    <>
      {doc.example && (
        <p role="note" className="mb-3 border border-accent-500 p-2 text-xs font-semibold" data-example-note>
          {EXAMPLE_NOTE_SHORT}
        </p>
      )}
      <table className="w-full border-collapse text-xs" data-testid="invoice-bank">
        <tbody>
          <tr>
            <td className={cellClass} colSpan={2} rowSpan={2}>
              {p.bankName}
              <div className="mt-2 text-[10px] text-ink-600">Банк получателя</div>
            </td>
            <td className={`${cellClass} w-14`}>БИК</td>
            <td className={`${cellClass} w-48`}>{p.bik}</td>
          </tr>
          <tr>
            <td className={cellClass}>Сч. №</td>
            <td className={cellClass}>{p.corrAccount}</td>
          </tr>
          <tr>
            <td className={cellClass}>ИНН {p.inn}</td>
            <td className={cellClass}>КПП {p.kpp}</td>
            <td className={cellClass} rowSpan={2}>
              Сч. №
            </td>
            <td className={cellClass} rowSpan={2}>
              {p.account}
            </td>
          </tr>
          <tr>
            <td className={cellClass} colSpan={2}>
              {p.name}
              <div className="mt-2 text-[10px] text-ink-600">Получатель</div>
            </td>
          </tr>
        </tbody>
      </table>
      <h2 className="mt-5 border-b-2 border-black pb-1 text-lg font-bold">{doc.title}</h2>
      <dl className="mt-3 grid grid-cols-[6.5rem_1fr] gap-x-2 gap-y-2 text-xs">
        <dt>Поставщик:</dt>
        <dd className="font-semibold">{doc.supplier}</dd>
        <dt>Покупатель:</dt>
        <dd className="font-semibold">{doc.buyer}</dd>
      </dl>
      <table className="mt-3 w-full border-collapse text-xs">
        <thead>
          <tr className="text-center font-semibold">
            <th className={`${cellClass} w-8`}>№</th>
            <th className={cellClass}>Товары (работы, услуги)</th>
            <th className={`${cellClass} w-16`}>Кол-во</th>
            <th className={`${cellClass} w-10`}>Ед.</th>
            <th className={`${cellClass} w-24`}>Цена</th>
            <th className={`${cellClass} w-24`}>Сумма</th>
          </tr>
        </thead>
        <tbody>
          {doc.rows.map((r) => (
            <tr key={r.n}>
              <td className={`${cellClass} text-right`}>{r.n}</td>
              <td className={cellClass}>{r.name}</td>
              <td className={`${cellClass} text-right`}>{r.quantity}</td>
              <td className={cellClass}>{r.unit}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{documentAmount(r.price)}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{documentAmount(r.sum)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="mt-2 ml-auto text-xs font-semibold">
        <tbody>
          {doc.totals.map((t) => (
            <tr key={t.label}>
              <td className="px-1.5 py-0.5 text-right">{t.label}</td>
              <td className="w-24 px-1.5 py-0.5 text-right tabular-nums">{t.amount === null ? '—' : documentAmount(t.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs">{doc.summary}</p>
      <p className="border-b-2 border-black pb-2 text-xs font-semibold" data-testid="invoice-words">
        {doc.inWords}
      </p>
      <p className="mt-2 text-[11px]">{doc.paymentNote}</p>
      <div className="mt-10 grid grid-cols-2 gap-8 text-xs">
        <p>Руководитель ______________________</p>
        <p>Бухгалтер ______________________</p>
      </div>
    </>
  )
}

function PackingSlip({ doc }: { doc: PackingSlipModel }) {
  const info: [string, string][] = (
    [
      ['Дата заказа', doc.date],
      ['Покупатель', doc.buyer],
      ['Телефон', doc.phone],
      ['Доставка', doc.delivery],
      ['Куда', doc.destination],
      ['Оплата', doc.payment],
    ] as [string, string][]
  ).filter(([, v]) => v)
  return (
    <>
      <h2 className="text-lg font-bold">{doc.title}</h2>
      <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1 text-xs">
        {info.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-ink-600">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <table className="mt-4 w-full border-collapse text-xs">
        <thead>
          <tr className="text-center font-semibold">
            <th className={`${cellClass} w-8`}>№</th>
            <th className={`${cellClass} w-28`}>Артикул</th>
            <th className={cellClass}>Товар</th>
            <th className={`${cellClass} w-16`}>Кол-во</th>
            <th className={`${cellClass} w-12`}>Отм.</th>
          </tr>
        </thead>
        <tbody>
          {doc.rows.map((r) => (
            <tr key={r.n}>
              <td className={`${cellClass} text-right`}>{r.n}</td>
              <td className={`${cellClass} font-mono`}>{r.sku}</td>
              <td className={cellClass}>
                {r.name}
                {r.gift && ' (подарок)'}
                {r.properties && <div className="text-[11px] text-ink-600">{r.properties}</div>}
              </td>
              <td className={`${cellClass} text-right text-sm font-bold`}>{r.quantity}</td>
              <td className={`${cellClass} text-center`}>
                <span aria-label="отметка о сборке" className="inline-block size-3.5 border border-black" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs">{doc.count}</p>
      <p className="text-xs">Вес: {doc.weight}</p>
      {doc.comment && <p className="mt-2 text-xs">Комментарий покупателя: {doc.comment}</p>}
      <div className="mt-10 grid grid-cols-2 gap-8 text-xs">
        <p>Собрал ______________________</p>
        <p>Проверил ______________________</p>
      </div>
    </>
  )
}

/** The documents of one print job, each an A4 sheet on screen and its own page on paper. */
export function PrintSheets({ form, ids, documents }: { form: PrintForm; ids: readonly number[]; documents: readonly PrintDocument[] }) {
  const query = (f: PrintForm) => `ids=${ids.join(',')}&form=${f}`
  return (
    <div className="print-job">
      <style>{PRINT_CSS}</style>
      <div data-print-hide className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{PRINT_FORM_TITLES[form]}</h1>
          <p className="mt-1 text-sm text-ink-600">
            {ids.length === 1 ? `Заказ № ${ids[0]}` : `Заказы № ${ids.join(', ')}: каждый на своей странице`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {PRINT_FORMS.filter((f) => f !== form).map((f) => (
            <Link key={f} href={`/admin/orders/print/?${query(f)}`} className={ui.buttonSecondary}>
              {PRINT_FORM_TITLES[f]}
            </Link>
          ))}
          <a href={`/api/admin/orders/print/?${query(form)}`} className={ui.buttonSecondary} data-testid="print-pdf">
            Скачать PDF
          </a>
          <PrintButton />
        </div>
      </div>
      {documents.map((doc) => (
        <article
          key={doc.orderId}
          className="print-sheet mx-auto mb-6 min-h-[297mm] w-full max-w-[210mm] bg-white p-[12mm] text-ink-900 shadow-md"
          data-testid={`print-sheet-${doc.orderId}`}
        >
          {doc.form === 'invoice' ? <Invoice doc={doc} /> : <PackingSlip doc={doc} />}
        </article>
      ))}
    </div>
  )
}
