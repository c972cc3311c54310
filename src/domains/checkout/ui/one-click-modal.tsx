'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useId, useState } from 'react'
import { trackEcommerce } from '@/domains/analytics/data-layer'
import { serverBasketChanged, useVisitorState } from '@/domains/cart/ui/cart-store'
import { AjaxCallError, postForm } from '@/lib/ajax-client'
import { formatRub, rublesToKopecks } from '@/lib/money'
import { PhoneInput } from '@/ui/phone-input'
import { Modal } from '@/ui/modal'
import { ONE_CLICK_MESSAGES, oneClickError, oneClickInput, type OneClickFields } from '../one-click'

/** Dispatch this on window (e.g. from the cart page's 'Купить в 1 клик') to open the modal. */
export const OPEN_ONE_CLICK_EVENT = 'open-one-click'
export const OPEN_FALLBACK_ORDER_EVENT = 'open-fallback-order'

interface FastOrderAnswer {
  ORDER_ID: number
  /** The thanks text: the server words it, since it changes in the holiday window (a setting). */
  MESSAGE?: string
  DATALAYER_DATA: { value: number; transaction_id: string; items: { item_id: string; item_name: string; price: number; quantity: number }[] }
}

const EMPTY: OneClickFields = { UF_NAME: '', UF_CITY: '', UF_PHONE: '', UF_EMAIL: '' }

type OneClickDelivery = { name: string; description: string; active: boolean }

/** The deliveries of the one-click area (spec section 3), read once the form is on screen. */
function useOneClickDeliveries(): OneClickDelivery[] {
  const [deliveries, setDeliveries] = useState<OneClickDelivery[]>([])
  useEffect(() => {
    const abort = new AbortController()
    fetch('/ajax/fast-order/', { signal: abort.signal, credentials: 'same-origin' })
      .then((res) => (res.ok ? (res.json() as Promise<{ deliveries?: OneClickDelivery[] }>) : { deliveries: [] }))
      .then((answer) => setDeliveries(answer.deliveries ?? []))
      .catch(() => {
        // The list only informs; the form works without it.
      })
    return () => abort.abort()
  }, [])
  return deliveries
}

function OneClickDeliveries() {
  const deliveries = useOneClickDeliveries()
  if (deliveries.length === 0) return null
  return (
    <section aria-label="Способы доставки" className="rounded-lg bg-surface p-3 text-sm" data-testid="one-click-deliveries">
      <h3 className="font-semibold">Способы доставки</h3>
      <p className="text-xs text-ink-600">Менеджер поможет выбрать при звонке.</p>
      <ul className="mt-2 flex flex-col gap-2">
        {deliveries.map((d) => (
          <li key={d.name} className={d.active ? '' : 'text-ink-400'} aria-disabled={!d.active || undefined}>
            <span className="font-medium">{d.name}</span>
            {!d.active && <span className="ml-2 text-xs">временно недоступна</span>}
            {d.description && <span className="block text-xs text-ink-600">{d.description}</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Sends the form; alerts the first broken rule or the server's refusal; on success thanks and goes home. */
function useFastOrder() {
  const router = useRouter()
  const [fields, setFields] = useState<OneClickFields>(EMPTY)
  const [sending, setSending] = useState(false)
  const set = (name: keyof OneClickFields, raw: string) =>
    setFields((f) => ({
      ...f,
      [name]:
        name === 'UF_NAME' ? oneClickInput.name(raw) : name === 'UF_CITY' ? oneClickInput.city(raw) : raw,
    }))
  const submit = async () => {
    if (sending) return
    const problem = oneClickError(fields)
    if (problem) {
      window.alert(problem)
      return
    }
    setSending(true)
    try {
      const answer = await postForm<FastOrderAnswer>('/ajax/fast-order/', { ...fields })
      const data = answer.DATALAYER_DATA
      trackEcommerce('purchase_1click', data.items, { transaction_id: data.transaction_id, value: data.value })
      // The order took the basket; the store reads it again on the home page (ADR 095).
      void serverBasketChanged({ leaving: true })
      window.alert(answer.MESSAGE ?? ONE_CLICK_MESSAGES.thanks)
      router.push('/')
    } catch (error) {
      window.alert(error instanceof AjaxCallError ? error.message : 'Произошла ошибка, попробуйте повторить попытку позже.')
    } finally {
      setSending(false)
    }
  }
  return { fields, set, submit, sending }
}

function OneClickForm({ state, submitLabel = 'Отправить' }: { state: ReturnType<typeof useFastOrder>; submitLabel?: string }) {
  const id = useId()
  const field = (name: keyof OneClickFields, label: string, type: string, placeholder?: string) => (
    <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-${name}`}>
      {label}
      {type === 'tel' ? (
        <PhoneInput id={`${id}-${name}`} name={name} value={state.fields[name]} onValueChange={(v) => state.set(name, v)} className="rounded-lg border border-line px-3 py-2" />
      ) : (
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          value={state.fields[name]}
          placeholder={placeholder}
          onChange={(e) => state.set(name, e.target.value)}
          className="rounded-lg border border-line px-3 py-2"
        />
      )}
    </label>
  )
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault()
        void state.submit()
      }}
    >
      {field('UF_NAME', 'Имя и фамилия', 'text')}
      {field('UF_CITY', 'Населенный пункт', 'text')}
      {field('UF_PHONE', 'Контактный телефон', 'tel', '+7 (___) ___-__-__')}
      {field('UF_EMAIL', 'Email-адрес', 'email')}
      <OneClickDeliveries />
      <p className="text-xs text-ink-600">{ONE_CLICK_MESSAGES.consent}</p>
      <button type="submit" disabled={state.sending} className="rounded-full bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-50">
        {submitLabel}
      </button>
    </form>
  )
}

/**
 * 'Купить в 1 клик': a real order of the cart without the checkout. Mounted by the cart page; opens
 * by its own button (only while the cart total is above 0) or by the window event.
 */
export function OneClickModal({ showButton = false }: { showButton?: boolean }) {
  const [open, setOpen] = useState(false)
  const { cart } = useVisitorState()
  const state = useFastOrder()
  useEffect(() => {
    const onOpen = () => setOpen(true)
    window.addEventListener(OPEN_ONE_CLICK_EVENT, onOpen)
    return () => window.removeEventListener(OPEN_ONE_CLICK_EVENT, onOpen)
  }, [])
  return (
    <>
      {showButton && cart.TotalPrice > 0 && (
        <button type="button" onClick={() => setOpen(true)} className="w-full rounded-full border border-brand-600 px-5 py-3 font-semibold text-brand-700">
          Купить в 1 клик
        </button>
      )}
      <Modal open={open} onClose={() => setOpen(false)} title="Купить в 1 клик" size="sm">
        <p className="mb-3 text-sm text-ink-600">Оставьте контакты — менеджер перезвонит, уточнит доставку и оплату.</p>
        <OneClickForm state={state} />
      </Modal>
    </>
  )
}

/**
 * The notice with the link 'формой заказа в 1 клик' (only while the cart total is above 0) and the
 * fallback modal 'Резервное оформление заказа' with the cart lines, total and the holiday message.
 */
export function FallbackOrder({ holidayNotice = null, basketHasItems }: { holidayNotice?: string | null; basketHasItems: boolean }) {
  const [open, setOpen] = useState(false)
  const { cart, loaded } = useVisitorState()
  // Until the page-start basket call answers, the server's word stands: the notice is in the first
  // frame and the checkout below it does not jump down when the basket arrives.
  const hasItems = loaded ? cart.TotalPrice > 0 : basketHasItems
  const state = useFastOrder()
  useEffect(() => {
    const onOpen = () => setOpen(true)
    window.addEventListener(OPEN_FALLBACK_ORDER_EVENT, onOpen)
    return () => window.removeEventListener(OPEN_FALLBACK_ORDER_EVENT, onOpen)
  }, [])
  return (
    <>
      {hasItems && (
        <p className="rounded-xl bg-surface p-3 text-sm" data-testid="fallback-notice">
          Если оформить заказ не получается, воспользуйтесь{' '}
          <button type="button" onClick={() => setOpen(true)} className="text-brand-700 underline">
            формой заказа в 1 клик
          </button>
          .
        </p>
      )}
      <Modal open={open} onClose={() => setOpen(false)} title="Резервное оформление заказа" size="md">
        {holidayNotice && (
          <p role="status" className="mb-3 rounded-lg bg-accent-500/10 p-3 text-sm" data-testid="holiday-notice">
            {holidayNotice}
          </p>
        )}
        <ul className="mb-3 flex flex-col gap-2 text-sm">
          {cart.Products.map((p) => (
            <li key={p.idInBasket} className="flex items-center gap-3">
              <img src={p.main_product_img} alt="" width={40} height={40} className="h-10 w-10 shrink-0 object-contain" />
              <a href={p.link} className="min-w-0 flex-1 hover:underline">
                {p.name} × {p.quantity}
              </a>
              <span className="shrink-0 font-semibold">{formatRub(rublesToKopecks(p.sum))}</span>
            </li>
          ))}
        </ul>
        <p className="mb-4 text-right font-bold">Итого: {formatRub(rublesToKopecks(cart.TotalPrice))}</p>
        <OneClickForm state={state} />
      </Modal>
    </>
  )
}
