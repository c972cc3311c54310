'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import type { OwnPickupTermsView } from '@/domains/delivery/own/own-delivery.schema'
import { formatRub } from '@/lib/money'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, FormOutcome, TextInput } from '../field'
import { ui } from '../styles'
import { kopecksOrNull, rubles } from './delivery-form'

const wholeOrText = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim())

/** The price of pickup at the shop's points, one for all of them, with its free-delivery threshold and days (ADR 195). */
export function OwnPickupTerms({ terms, canWrite }: { terms: OwnPickupTermsView; canWrite: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => String(f.get(name) ?? '')
    setErrors({})
    setSaved(false)
    const body = {
      priceKopecks: kopecksOrNull(text('price')) ?? 0,
      freeFromKopecks: kopecksOrNull(text('freeFrom')),
      daysFrom: wholeOrText(text('daysFrom')),
      daysTo: wholeOrText(text('daysTo')),
    }
    setBusy(true)
    try {
      await adminFetch('POST', '/api/admin/delivery/own-pickup/', body)
      setSaved(true)
      router.refresh()
    } catch (error) {
      setErrors(error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось сохранить.' })
    } finally {
      setBusy(false)
    }
  }

  const summary = `${terms.priceKopecks === 0 ? 'бесплатно' : formatRub(terms.priceKopecks)}${
    terms.priceKopecks > 0 && terms.freeFromKopecks !== null ? `, бесплатно от ${formatRub(terms.freeFromKopecks)}` : ''
  }; срок ${terms.daysFrom === terms.daysTo ? terms.daysFrom : `${terms.daysFrom}–${terms.daysTo}`} дн.`
  return (
    <section className="space-y-4" aria-labelledby="own-pickup-terms-title">
      <h2 id="own-pickup-terms-title" className="text-lg font-semibold">
        Цена самовывоза из пунктов магазина
      </h2>
      <p className="text-sm text-ink-600">Сейчас: {summary} Одна цена для всех пунктов; покупатель видит её при оформлении заказа.</p>
      {canWrite ? (
        <form onSubmit={submit} noValidate className={`${ui.card} space-y-4 p-4 sm:p-6`} aria-label="Цена самовывоза из пунктов магазина">
          <fieldset disabled={busy} className="grid gap-4 md:grid-cols-4">
            <Field label="Цена, ₽" error={errors.priceKopecks} hint="0 или пусто — бесплатно.">
              <TextInput name="price" inputMode="decimal" defaultValue={rubles(terms.priceKopecks)} invalid={Boolean(errors.priceKopecks)} />
            </Field>
            <Field label="Бесплатно от, ₽" error={errors.freeFromKopecks} hint="Пусто — без порога.">
              <TextInput name="freeFrom" inputMode="decimal" defaultValue={rubles(terms.freeFromKopecks)} invalid={Boolean(errors.freeFromKopecks)} />
            </Field>
            <Field label="Срок от, дней" error={errors.daysFrom}>
              <TextInput name="daysFrom" inputMode="numeric" defaultValue={String(terms.daysFrom)} invalid={Boolean(errors.daysFrom)} />
            </Field>
            <Field label="Срок до, дней" error={errors.daysTo}>
              <TextInput name="daysTo" inputMode="numeric" defaultValue={String(terms.daysTo)} invalid={Boolean(errors.daysTo)} />
            </Field>
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={ui.button} disabled={busy || !hydrated}>
              Сохранить цену самовывоза
            </button>
            <FormOutcome saved={saved} error={errors.form} />
          </div>
        </form>
      ) : null}
    </section>
  )
}
