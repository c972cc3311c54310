'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { COUPON_KIND_LABELS } from '@/domains/coupons/coupons'
import type { CouponView } from '@/domains/coupons/coupons.schema'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, FormOutcome, TextInput } from '../field'
import { ui } from '../styles'
import { fromMoscowInput, toMoscowInput } from './coupon-format'
import { useHydrated } from '@/ui/use-hydrated'

type Kind = CouponView['kind']

/** A number typed in the form, or the text as typed so the server names the problem; empty: null. */
function numberOrNull(text: string, scale = 1): number | string | null {
  const t = text.trim().replace(/\s/g, '')
  if (t === '') return null
  return /^\d+([.,]\d{1,2})?$/.test(t) ? Math.round(Number(t.replace(',', '.')) * scale) : t
}

/**
 * A new coupon (POST /api/admin/coupons) or a change of one (PATCH /api/admin/coupons/{id}): the
 * type is chosen once. Sums are typed in rubles and sent in kopecks; dates are Moscow time.
 */
export function CouponForm({ coupon }: { coupon?: CouponView }) {
  // Until React has hydrated, a submit would go out as a native form: the button waits.
  const hydrated = useHydrated()
  const router = useRouter()
  const [kind, setKind] = useState<Kind>(coupon?.kind ?? 'percent')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)
  const ended = coupon?.state === 'ended'

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => String(f.get(name) ?? '')
    const value = kind === 'gift' ? 0 : (numberOrNull(text('value'), kind === 'fixed' ? 100 : 1) ?? 0)
    const body: Record<string, unknown> = {
      code: text('code'),
      value,
      discountName: text('discountName'),
      minSum: numberOrNull(text('minSum'), 100) ?? 0,
      startsAt: fromMoscowInput(text('startsAt')),
      expiresAt: fromMoscowInput(text('expiresAt')),
      maxUses: numberOrNull(text('maxUses')),
      perBuyerLimit: numberOrNull(text('perBuyerLimit')),
      giftOfferId: kind === 'gift' ? numberOrNull(text('giftOfferId')) : null,
      active: f.get('active') === 'on',
    }
    setErrors({})
    setSaved(false)
    setBusy(true)
    try {
      if (coupon) {
        await adminFetch('PATCH', `/api/admin/coupons/${coupon.id}/`, body)
        setSaved(true)
        router.refresh()
      } else {
        const created = await adminFetch<CouponView>('POST', '/api/admin/coupons/', { ...body, kind })
        router.push(`/admin/coupons/${created.id}/`)
        router.refresh()
      }
    } catch (error) {
      setErrors(error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось сохранить.' })
    } finally {
      setBusy(false)
    }
  }

  const money = (kopecks: number | null | undefined) => (kopecks ? String(kopecks / 100).replace('.', ',') : '')
  return (
    <form onSubmit={submit} noValidate className={`${ui.card} space-y-5 p-4 sm:p-6`}>
      <fieldset disabled={busy || ended} className="space-y-5">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Код" error={errors.code} hint="Латиница, цифры, «-» и «_»; регистр не важен.">
            <TextInput name="code" defaultValue={coupon?.code ?? ''} className="font-mono uppercase" invalid={Boolean(errors.code)} required />
          </Field>
          <Field label="Тип" error={errors.kind} hint={coupon ? 'Тип промокода не меняется.' : undefined}>
            <select name="kind" value={kind} disabled={Boolean(coupon)} onChange={(e) => setKind(e.target.value as Kind)} className={ui.input}>
              {(Object.keys(COUPON_KIND_LABELS) as Kind[]).map((k) => (
                <option key={k} value={k}>
                  {COUPON_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </Field>
          {kind === 'gift' ? (
            <Field label="Товар-подарок (номер предложения)" error={errors.giftOfferId} hint={coupon?.giftName ? `Сейчас: ${coupon.giftName}` : 'Номер торгового предложения из каталога.'}>
              <TextInput name="giftOfferId" inputMode="numeric" defaultValue={coupon?.giftOfferId ?? ''} invalid={Boolean(errors.giftOfferId)} />
            </Field>
          ) : (
            <Field label={kind === 'percent' ? 'Скидка, %' : 'Скидка, ₽'} error={errors.value}>
              <TextInput
                name="value"
                inputMode="decimal"
                defaultValue={coupon && coupon.kind === kind ? (kind === 'fixed' ? money(coupon.value) : String(coupon.value)) : ''}
                invalid={Boolean(errors.value)}
              />
            </Field>
          )}
          <Field label="Название скидки для покупателя" error={errors.discountName}>
            <TextInput name="discountName" defaultValue={coupon?.discountName ?? ''} invalid={Boolean(errors.discountName)} />
          </Field>
          <Field label="Минимальная сумма товаров, ₽" error={errors.minSum} hint="Пусто или 0 — без ограничения.">
            <TextInput name="minSum" inputMode="decimal" defaultValue={money(coupon?.minSum)} invalid={Boolean(errors.minSum)} />
          </Field>
          <div className="hidden md:block" />
          <Field label="Действует с (МСК)" error={errors.startsAt}>
            <TextInput name="startsAt" type="datetime-local" defaultValue={toMoscowInput(coupon?.startsAt ?? null)} invalid={Boolean(errors.startsAt)} />
          </Field>
          <Field label="Действует до (МСК)" error={errors.expiresAt}>
            <TextInput name="expiresAt" type="datetime-local" defaultValue={toMoscowInput(coupon?.expiresAt ?? null)} invalid={Boolean(errors.expiresAt)} />
          </Field>
          <Field label="Всего использований" error={errors.maxUses} hint="Пусто — без ограничения; 1 — одноразовый.">
            <TextInput name="maxUses" inputMode="numeric" defaultValue={coupon?.maxUses ?? ''} invalid={Boolean(errors.maxUses)} />
          </Field>
          <Field label="Использований на покупателя" error={errors.perBuyerLimit} hint="Покупатель — тот же аккаунт, e-mail или телефон.">
            <TextInput name="perBuyerLimit" inputMode="numeric" defaultValue={coupon?.perBuyerLimit ?? ''} invalid={Boolean(errors.perBuyerLimit)} />
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="active" defaultChecked={coupon?.active ?? true} />
          <span className="font-medium">Включён</span>
          <span className="text-ink-600">— выключенный промокод не применяется, пока его снова не включат.</span>
        </label>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        {!ended ? (
          <button type="submit" className={ui.button} disabled={busy || !hydrated}>
            {coupon ? 'Сохранить' : 'Создать промокод'}
          </button>
        ) : null}
        <FormOutcome saved={saved} error={errors.form} />
      </div>
    </form>
  )
}
