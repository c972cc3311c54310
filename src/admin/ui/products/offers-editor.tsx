'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { VAT_RATES } from '@/domains/catalog/catalog-admin'
import type { OfferView } from '@/domains/catalog/catalog-admin.schema'
import { formatRub } from '@/lib/money'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Badge } from '../badge'
import { Field, FormOutcome, TextInput } from '../field'
import { ui } from '../styles'
import { integerFromInput, kopecksFromInput, rublesForInput } from './product-format'

type Errors = Record<string, string>

function errorsOf(error: unknown): Errors {
  return error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось сохранить.' }
}

/** The offer's fields: a new one (with its first stock) or a change of one (stock is the warehouse's). */
function OfferForm({ productId, offer, onDone }: { productId: number; offer?: OfferView; onDone: () => void }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => String(f.get(name) ?? '')
    const body: Record<string, unknown> = {
      packageSize: integerFromInput(text('packageSize')),
      packageUnit: text('packageUnit'),
      flavour: text('flavour') || null,
      sku: text('sku'),
      barcode: text('barcode'),
      price: kopecksFromInput(text('price')),
      oldPrice: kopecksFromInput(text('oldPrice')),
      vatPercent: Number(text('vatPercent')),
      weightGrams: integerFromInput(text('weightGrams')),
      widthMm: integerFromInput(text('widthMm')),
      lengthMm: integerFromInput(text('lengthMm')),
      heightMm: integerFromInput(text('heightMm')),
      airRestricted: f.get('airRestricted') === 'on',
    }
    if (!offer) body.stock = integerFromInput(text('stock'))
    setErrors({})
    setBusy(true)
    try {
      if (offer) await adminFetch('PATCH', `/api/admin/offers/${offer.id}/`, body)
      else await adminFetch('POST', `/api/admin/products/${productId}/offers/`, body)
      router.refresh()
      onDone()
    } catch (error) {
      setErrors(errorsOf(error))
    } finally {
      setBusy(false)
    }
  }

  const field = (name: string, label: string, value: string | number, props: { inputMode?: 'numeric' | 'decimal'; hint?: string; className?: string } = {}) => (
    <Field label={label} error={errors[name]} hint={props.hint}>
      <TextInput name={name} defaultValue={value} inputMode={props.inputMode} className={props.className} invalid={Boolean(errors[name])} />
    </Field>
  )
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-md border border-line bg-surface p-4" aria-label={offer ? `Предложение ${offer.sku}` : 'Новое предложение'}>
      <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {field('packageSize', 'Количество в упаковке', offer?.packageSize ?? '', { inputMode: 'numeric' })}
        {field('packageUnit', 'Единица', offer?.packageUnit ?? 'капсул', { hint: 'капсул, таблеток, мл, г' })}
        {field('flavour', 'Вкус', offer?.flavour ?? '', { hint: 'Пусто — без вкуса.' })}
        {field('sku', 'Артикул', offer?.sku ?? '', { className: 'font-mono' })}
        {field('price', 'Цена, ₽', rublesForInput(offer?.price), { inputMode: 'decimal' })}
        {field('oldPrice', 'Старая цена, ₽', rublesForInput(offer?.oldPrice), { inputMode: 'decimal', hint: 'Пусто — без скидки.' })}
        <Field label="НДС" error={errors.vatPercent}>
          <select name="vatPercent" defaultValue={offer?.vatPercent ?? 0} className={ui.input}>
            {VAT_RATES.map((r) => (
              <option key={r} value={r}>
                {r === 0 ? 'Без НДС' : `${r} %`}
              </option>
            ))}
          </select>
        </Field>
        {field('barcode', 'Штрихкод', offer?.barcode ?? '', { inputMode: 'numeric', className: 'font-mono' })}
        {field('weightGrams', 'Вес, г', offer?.weightGrams ?? 100, { inputMode: 'numeric' })}
        {field('lengthMm', 'Длина, мм', offer?.lengthMm ?? 100, { inputMode: 'numeric' })}
        {field('widthMm', 'Ширина, мм', offer?.widthMm ?? 100, { inputMode: 'numeric' })}
        {field('heightMm', 'Высота, мм', offer?.heightMm ?? 100, { inputMode: 'numeric' })}
        {!offer ? field('stock', 'Остаток, шт.', '', { inputMode: 'numeric', hint: 'Пусто — не учитывается.' }) : null}
        <label className="flex items-center gap-2 self-end pb-2 text-sm sm:col-span-2">
          <input type="checkbox" name="airRestricted" defaultChecked={offer?.airRestricted ?? false} />
          <span>Нельзя везти самолётом</span>
        </label>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.button} disabled={busy || !hydrated}>
          {offer ? 'Сохранить предложение' : 'Добавить предложение'}
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={onDone} disabled={busy}>
          Отмена
        </button>
        <FormOutcome error={errors.form} />
      </div>
    </form>
  )
}

/** The warehouse's one field: the offer's stock, saved on its own (PATCH /api/admin/offers/{id}/stock). */
function StockField({ offer }: { offer: OfferView }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const stock = integerFromInput(String(new FormData(event.currentTarget).get('stock') ?? ''))
    setError(undefined)
    setSaved(false)
    setBusy(true)
    try {
      await adminFetch('PATCH', `/api/admin/offers/${offer.id}/stock/`, { stock })
      setSaved(true)
      router.refresh()
    } catch (e) {
      setError(errorsOf(e).form)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-center gap-2" aria-label={`Остаток ${offer.sku}`}>
      <label className="flex items-center gap-2 text-sm">
        <span className="text-ink-600">Остаток</span>
        <input name="stock" inputMode="numeric" defaultValue={offer.stock ?? ''} placeholder="не учит." className={`${ui.input} w-24 py-1`} aria-invalid={error ? true : undefined} />
      </label>
      <button type="submit" className={`${ui.buttonSecondary} px-3 py-1`} disabled={busy || !hydrated}>
        Сохранить
      </button>
      <FormOutcome saved={saved} error={error} small />
    </form>
  )
}

function offerTitle(o: OfferView): string {
  return `${o.packageSize} ${o.packageUnit}${o.flavour ? `, ${o.flavour}` : ''}`
}

/**
 * The product's offers in the storefront's order: move up and down, switch off and on, change, add;
 * delete only one that was never ordered. The warehouse sees them with the stock field alone.
 */
export function OffersEditor({ productId, offers, canEdit, canStock }: { productId: number; offers: OfferView[]; canEdit: boolean; canStock: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const run = async (action: () => Promise<unknown>) => {
    setError(undefined)
    setBusy(true)
    try {
      await action()
      router.refresh()
    } catch (e) {
      setError(errorsOf(e).form)
    } finally {
      setBusy(false)
    }
  }
  const move = (index: number, by: -1 | 1) => {
    const ids = offers.map((o) => o.id)
    const [moved] = ids.splice(index, 1)
    ids.splice(index + by, 0, moved!)
    return run(() => adminFetch('POST', `/api/admin/products/${productId}/offers/order/`, { offerIds: ids }))
  }
  const locked = busy || !hydrated

  return (
    <section className={`${ui.card} space-y-3 p-4 sm:p-6`} aria-labelledby="offers-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="offers-title" className="text-lg font-semibold">
          Предложения
        </h2>
        {canEdit && editing !== 'new' ? (
          <button type="button" className={ui.buttonSecondary} onClick={() => setEditing('new')} disabled={locked}>
            Добавить предложение
          </button>
        ) : null}
      </div>
      {offers.length === 0 ? <p className="text-sm text-ink-600">Предложений пока нет: покупатель не сможет купить товар.</p> : null}
      <ol className="space-y-2">
        {offers.map((o, i) => (
          <li key={o.id} className={`rounded-md border border-line p-3 ${o.active ? 'bg-white' : 'bg-surface'}`} data-offer={o.sku}>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <div className="min-w-40 flex-1">
                <div className="font-medium">{offerTitle(o)}</div>
                <div className="font-mono text-xs text-ink-600">
                  {o.sku}
                  {o.barcode ? ` · ${o.barcode}` : ''}
                </div>
              </div>
              <div className="text-right tabular-nums">
                <div className="font-semibold whitespace-nowrap">{formatRub(o.price)}</div>
                {o.oldPrice !== null ? <div className="text-xs whitespace-nowrap text-ink-600 line-through">{formatRub(o.oldPrice)}</div> : null}
              </div>
              <div className="w-28 text-sm tabular-nums">{o.stock === null ? 'не учитывается' : `${o.stock} шт.`}</div>
              <Badge tone={o.active ? 'good' : 'neutral'}>{o.active ? 'Активно' : 'Выключено'}</Badge>
              {canEdit ? (
                <div className="flex flex-wrap gap-1.5">
                  <button type="button" className={`${ui.buttonSecondary} px-2 py-1`} aria-label="Выше" title="Выше" disabled={locked || i === 0} onClick={() => move(i, -1)}>
                    ↑
                  </button>
                  <button type="button" className={`${ui.buttonSecondary} px-2 py-1`} aria-label="Ниже" title="Ниже" disabled={locked || i === offers.length - 1} onClick={() => move(i, 1)}>
                    ↓
                  </button>
                  <button type="button" className={`${ui.buttonSecondary} px-3 py-1`} disabled={locked} onClick={() => setEditing(editing === o.id ? null : o.id)}>
                    Изменить
                  </button>
                  <button type="button" className={`${ui.buttonSecondary} px-3 py-1`} disabled={locked} onClick={() => run(() => adminFetch('PATCH', `/api/admin/offers/${o.id}/`, { active: !o.active }))}>
                    {o.active ? 'Выключить' : 'Включить'}
                  </button>
                  {!o.ordered ? (
                    <button
                      type="button"
                      className={`${ui.buttonDanger} px-3 py-1`}
                      disabled={locked}
                      onClick={() => window.confirm(`Удалить предложение ${o.sku}?`) && run(() => adminFetch('DELETE', `/api/admin/offers/${o.id}/`))}
                    >
                      Удалить
                    </button>
                  ) : null}
                </div>
              ) : null}
            </div>
            {canStock ? (
              <div className="mt-2 border-t border-line pt-2">
                <StockField key={`${o.id}:${o.stock}`} offer={o} />
              </div>
            ) : null}
            {editing === o.id ? (
              <div className="mt-3">
                <OfferForm productId={productId} offer={o} onDone={() => setEditing(null)} />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {editing === 'new' ? <OfferForm productId={productId} onDone={() => setEditing(null)} /> : null}
      <FormOutcome error={error} />
    </section>
  )
}
