import { EXAMPLE_NOTE, type ResolvedShopDetails } from '@/domains/layout/shop'
import type { OrderLineRow, OrderRow } from '@/domains/orders/orders.server'
import { formatRub } from '@/lib/money'

/** A printable invoice with the shop's requisites ('bill'); the browser's print makes the PDF. */
export function Invoice({ order, lines, details }: { order: OrderRow; lines: OrderLineRow[]; details: ResolvedShopDetails }) {
  const date = order.createdAt.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' })
  const company = order.props.PROP_COMPANY
  const inn = order.props.PROP_INN
  const couponDiscount = lines.reduce((sum, l) => sum + l.sum, 0) - order.goodsPrice
  return (
    <main className="mx-auto max-w-3xl bg-white p-6 text-sm print:p-0" data-testid="invoice">
      {details.example && (
        <p role="note" className="mb-4 rounded-lg border border-accent-500 p-3 font-semibold" data-example-note>
          {EXAMPLE_NOTE}
        </p>
      )}
      <table className="w-full border-collapse border border-ink-900">
        <tbody>
          <tr>
            <td className="border border-ink-900 p-2" colSpan={2}>
              {details.bankName}
              <br />
              <span className="text-xs">Банк получателя</span>
            </td>
            <td className="border border-ink-900 p-2">БИК {details.bik}<br />Сч. № {details.corrAccount}</td>
          </tr>
          <tr>
            <td className="border border-ink-900 p-2">ИНН {details.inn}</td>
            <td className="border border-ink-900 p-2">КПП {details.kpp}</td>
            <td className="border border-ink-900 p-2" rowSpan={2}>Сч. № {details.account}</td>
          </tr>
          <tr>
            <td className="border border-ink-900 p-2" colSpan={2}>
              {details.legalName}
              <br />
              <span className="text-xs">Получатель</span>
            </td>
          </tr>
        </tbody>
      </table>
      <h1 className="mt-6 text-xl font-bold">
        Счёт на оплату № {order.id} от {date}
      </h1>
      <p className="mt-3">
        <b>Поставщик:</b> {details.legalName}, ИНН {details.inn}, КПП {details.kpp}, {details.address}, тел. {details.phone}
      </p>
      <p className="mt-1">
        <b>Покупатель:</b> {company ? `${company}${inn ? `, ИНН ${inn}` : ''}` : order.buyerName}, {order.email}, {order.phone}
      </p>
      <table className="mt-4 w-full border-collapse">
        <thead>
          <tr className="border-b-2 border-ink-900 text-left">
            <th className="p-1">№</th>
            <th className="p-1">Товар</th>
            <th className="p-1 text-right">Кол-во</th>
            <th className="p-1 text-right">Цена</th>
            <th className="p-1 text-right">Сумма</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={l.id} className="border-b border-line">
              <td className="p-1">{i + 1}</td>
              <td className="p-1">{l.name}</td>
              <td className="p-1 text-right">{l.quantity} шт.</td>
              <td className="p-1 text-right">{formatRub(l.price)}</td>
              <td className="p-1 text-right">{formatRub(l.sum)}</td>
            </tr>
          ))}
          {order.deliveryPrice > 0 && (
            <tr className="border-b border-line">
              <td className="p-1">{lines.length + 1}</td>
              <td className="p-1">Доставка: {order.deliveryName}</td>
              <td className="p-1 text-right">1</td>
              <td className="p-1 text-right">{formatRub(order.deliveryPrice)}</td>
              <td className="p-1 text-right">{formatRub(order.deliveryPrice)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {couponDiscount > 0 && (
        <p className="mt-2 text-right">
          Скидка по промокоду {order.couponCode}: −{formatRub(couponDiscount)}
        </p>
      )}
      <p className="mt-3 text-right text-lg font-bold">Итого к оплате: {formatRub(order.total)}</p>
      <p className="mt-1 text-right">Без налога (НДС)</p>
      <p className="mt-4">Оплатить не позднее 5 банковских дней. В назначении платежа укажите: «Оплата по счёту № {order.id}».</p>
      <p className="mt-8">Руководитель ____________ / Бухгалтер ____________</p>
    </main>
  )
}
