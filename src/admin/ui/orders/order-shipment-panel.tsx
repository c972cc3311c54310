import { shipmentOf, shipmentReadiness } from '@/domains/delivery/shipments/shipments.server'
import { can, type StaffRole } from '@/domains/staff/permissions'
import { ui } from '../styles'
import { ShipmentActions } from './order-shipment-actions'

const moscow = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })

/**
 * The order's carrier shipment (ADR 188, ADR 195): register it, its track number, the carrier's last status and
 * date and the history of statuses, re-read on demand. Shown for orders shipped by a carrier that takes
 * parcels, or that have a shipment; otherwise nothing.
 */
export async function OrderShipmentPanel({ orderId, role }: { orderId: number; role: StaffRole }) {
  const [shipment, readiness] = await Promise.all([shipmentOf(orderId), shipmentReadiness(orderId)])
  if (!shipment && !readiness.carrierOrder) return null
  const name = readiness.carrier?.name ?? (shipment?.carrier === 'cdek' ? 'СДЭК' : (shipment?.carrier ?? ''))
  const canWrite = can(role, 'orders.fulfil')
  const again = shipment?.statusCode === 'INVALID'
  return (
    <section className={`${ui.card} p-4`} aria-labelledby="shipment-title">
      <h2 id="shipment-title" className="mb-3 text-base font-semibold">
        Отправление: {name}
      </h2>
      {shipment ? (
        <div className="space-y-3 text-sm">
          <dl className="grid grid-cols-[8rem_1fr] gap-x-2 gap-y-1">
            <dt className="text-ink-600">Трек-номер</dt>
            <dd>{shipment.trackNumber || 'ещё не присвоен'}</dd>
            <dt className="text-ink-600">Статус</dt>
            <dd>
              <span className="font-medium">{shipment.statusName || '—'}</span>
              {shipment.statusAt ? <span className="text-ink-600"> · {moscow(shipment.statusAt)}</span> : null}
            </dd>
            <dt className="text-ink-600">Пункт выдачи</dt>
            <dd className="font-mono">{shipment.pointCode || '—'}</dd>
            {shipment.tariffCode === null ? null : (
              <>
                <dt className="text-ink-600">Тариф</dt>
                <dd>{shipment.tariffCode}</dd>
              </>
            )}
            {shipment.readyMailedAt ? (
              <>
                <dt className="text-ink-600">Письмо</dt>
                <dd>«ждёт в пункте выдачи» отправлено {moscow(shipment.readyMailedAt)}</dd>
              </>
            ) : null}
            <dt className="text-ink-600">Проверено</dt>
            <dd>{moscow(shipment.checkedAt)}</dd>
          </dl>
          {shipment.lastError ? (
            <p role="alert" className="text-sale-500">
              {shipment.lastError}
            </p>
          ) : null}
          {shipment.statuses.length > 1 ? (
            <details>
              <summary className="cursor-pointer text-ink-600">История статусов ({shipment.statuses.length})</summary>
              <ol className="mt-2 space-y-1">
                {[...shipment.statuses].reverse().map((s) => (
                  <li key={`${s.code}-${s.at}`}>
                    {moscow(s.at)} — {s.name}
                    {s.city ? `, ${s.city}` : ''}
                  </li>
                ))}
              </ol>
            </details>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-ink-600">{readiness.reason ?? 'Посылка ещё не зарегистрирована у перевозчика.'}</p>
      )}
      {canWrite ? <ShipmentActions orderId={orderId} carrierName={name} canRegister={readiness.canRegister && (!shipment || again)} canRefresh={Boolean(shipment) && !again} /> : null}
    </section>
  )
}
