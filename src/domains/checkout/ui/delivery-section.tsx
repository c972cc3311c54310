'use client'

import { CART_MESSAGES } from '@/domains/cart/cart'
import type { DeliveryBasketLine } from '@/domains/delivery/delivery'
import { CourierPicker } from '@/domains/delivery/ui/courier-picker'
import { LocationInput } from '@/domains/delivery/ui/location-input'
import { PickupPicker } from '@/domains/delivery/ui/pickup-picker'
import { formatRub } from '@/lib/money'
import type { CheckoutEvent, CheckoutPageState } from '../checkout-page'
import type { DeliveryView, OrderView } from '../checkout-view'
import { NumberedSection } from './numbered-section'

interface DeliveryProps {
  state: CheckoutPageState
  view: OrderView
  /** Round 2 or later: the list is shown (ADR 032). */
  showList: boolean
  choose: (e: CheckoutEvent) => void
  confirmWidget: (values: Record<string, string>) => void
  leaveWidget: () => void
  tilesUrl: string
}

/** Block 2: the location, the deliveries ordered by sort, and the chosen delivery's widget. */
export function DeliverySection({ state, view, showList, choose, confirmWidget, leaveWidget, tilesUrl }: DeliveryProps) {
  const { form, checks } = state
  const chosen = view.deliveries.find((d) => d.id === form.deliveryId)
  const blocked = (d: DeliveryView) =>
    checks.overQuantity || (d.type === 'courier' ? !checks.weight.courier : !checks.weight.point) || Boolean(d.error && d.id !== form.deliveryId)
  return (
    <NumberedSection title="Доставка" n={2}>
      <LocationSection state={state} choose={choose} />
      {showList && (
        <div className="mt-4 flex flex-col gap-2" role="radiogroup" aria-label="Способ доставки">
          {checks.overQuantity && <p className="text-sm text-sale-500">{CART_MESSAGES.overOrderLimit}</p>}
          {view.deliveries.map((d) => (
            <label
              key={d.id}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${d.id === form.deliveryId ? 'border-brand-600 bg-brand-50' : 'border-line'} ${blocked(d) ? 'opacity-50' : ''}`}
            >
              <input
                type="radio"
                name="DELIVERY_ID"
                value={d.id}
                disabled={blocked(d)}
                checked={d.id === form.deliveryId}
                onChange={() => choose({ type: 'deliveryChosen', id: d.id })}
                className="mt-1"
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex flex-wrap justify-between gap-2 font-semibold">
                  <span>{d.name}</span>
                  <span>{formatRub(d.price)}</span>
                </span>
                <span className="text-sm text-ink-600">{d.periodText}</span>
                {d.error && <span className="text-sm text-sale-500">{d.error}</span>}
              </span>
            </label>
          ))}
        </div>
      )}
      {chosen && form.values.LOCATION && (
        <div className="mt-4" data-testid="delivery-widget">
          <DeliveryWidget state={state} view={view} delivery={chosen} confirmWidget={confirmWidget} leaveWidget={leaveWidget} tilesUrl={tilesUrl} />
          {state.fieldErrors.PROP_ADDRESS && <p className="mt-1 text-sm text-sale-500">{state.fieldErrors.PROP_ADDRESS}</p>}
        </div>
      )}
    </NumberedSection>
  )
}

/** The location input; a new place clears the delivery (the reducer decides). */
function LocationSection({ state, choose }: { state: CheckoutPageState; choose: (e: CheckoutEvent) => void }) {
  return <LocationInput value={state.place} onChange={(place) => choose({ type: 'locationChosen', place })} error={state.fieldErrors.LOCATION} />
}

function DeliveryWidget({
  state,
  view,
  delivery,
  confirmWidget,
  leaveWidget,
  tilesUrl,
}: Omit<DeliveryProps, 'showList' | 'choose'> & { delivery: DeliveryView }) {
  const { values, paySystemId } = state.form
  const location = values.LOCATION ?? ''
  const postPay = view.paySystems.find((p) => p.id === paySystemId)?.isCash === true
  const basket: DeliveryBasketLine[] = view.lines
    .filter((l) => !l.isGift)
    .map((l) => ({ name: l.name, externalId: l.productId, priceKopecks: l.price, quantity: l.quantity, weight: l.weightGrams }))
  return delivery.type === 'courier' ? (
    <CourierPicker
      key={`${location}-${delivery.id}`}
      cityCode={location}
      deliveryId={delivery.id}
      type={delivery.carrier || 'courier'}
      basket={basket}
      onConfirm={confirmWidget}
      onLeave={leaveWidget}
      postPay={postPay}
      initialAddress={values.PROP_ADDRESS ?? ''}
    />
  ) : (
    <PickupPicker
      key={`${location}-${delivery.id}`}
      cityCode={location}
      deliveryId={delivery.id}
      type={delivery.carrier}
      basket={basket}
      onConfirm={confirmWidget}
      onLeave={leaveWidget}
      postPay={postPay}
      tilesUrl={tilesUrl}
      initialPointId={values.MICRO_POINT_ID || undefined}
    />
  )
}

/** The delivery information block (reading A: after delivery and payment are chosen). */
export function DeliveryInfo({ view, state }: { view: OrderView; state: CheckoutPageState }) {
  const chosen = view.deliveries.find((d) => d.id === state.form.deliveryId)
  if (!chosen) return null
  const address = state.form.values.PROP_ADDRESS
  return (
    <div className="rounded-xl bg-surface p-4 text-sm" data-testid="delivery-info">
      <p>
        <b>{chosen.name}</b>, {view.locationName}
        {address ? `, ${address}` : ''}
      </p>
      {chosen.periodText && <p className="text-ink-600">{chosen.periodText}</p>}
    </div>
  )
}
