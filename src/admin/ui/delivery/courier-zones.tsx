'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import type { CourierZoneView } from '@/domains/delivery/own/own-delivery.schema'
import { formatRub } from '@/lib/money'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, FormOutcome, TextInput } from '../field'
import { ui } from '../styles'
import { cityFromText, cityLabel, type CityChoice } from './city-choice'

/** Rubles typed in the form as kopecks; empty: null; anything else as typed, for the server to name. */
function kopecksOrNull(text: string): number | string | null {
  const t = text.trim().replace(/\s/g, '')
  if (t === '') return null
  return /^\d+([.,]\d{1,2})?$/.test(t) ? Math.round(Number(t.replace(',', '.')) * 100) : t
}
const rubles = (kopecks: number | null) => (kopecks === null ? '' : String(kopecks / 100).replace('.', ','))

/** The courier's cities with their lead time, price and free-delivery threshold (ADR 187). */
export function CourierZones({ zones, cities, canWrite }: { zones: CourierZoneView[]; cities: CityChoice[]; canWrite: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [editing, setEditing] = useState<CourierZoneView | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)
  const [formKey, setFormKey] = useState(0)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => String(f.get(name) ?? '')
    const city = editing ? { code: editing.cityCode } : cityFromText(cities, text('city'))
    setErrors({})
    setSaved(false)
    if (!city) {
      setErrors({ city: 'Город не найден. Выберите город из списка.' })
      return
    }
    const lead = text('leadDays').trim()
    const body = {
      leadDays: /^\d+$/.test(lead) ? Number(lead) : lead,
      priceKopecks: kopecksOrNull(text('price')),
      freeFromKopecks: kopecksOrNull(text('freeFrom')),
    }
    setBusy(true)
    try {
      await adminFetch('POST', `/api/admin/delivery/zones/${encodeURIComponent(city.code)}/`, body)
      setSaved(true)
      setEditing(null)
      setFormKey((k) => k + 1)
      router.refresh()
    } catch (error) {
      setErrors(error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось сохранить.' })
    } finally {
      setBusy(false)
    }
  }

  const remove = async (zone: CourierZoneView) => {
    if (!window.confirm(`Убрать курьерскую доставку в городе ${zone.cityName}?`)) return
    setErrors({})
    try {
      await adminFetch('DELETE', `/api/admin/delivery/zones/${encodeURIComponent(zone.cityCode)}/`)
      router.refresh()
    } catch (error) {
      setErrors({ form: error instanceof AdminApiError ? error.message : 'Не получилось удалить.' })
    }
  }

  return (
    <section className="space-y-4" aria-labelledby="courier-zones-title">
      <h2 id="courier-zones-title" className="text-lg font-semibold">
        Курьерская доставка магазина
      </h2>
      <div className={`${ui.card} overflow-x-auto`}>
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-surface text-ink-600">
            <tr>
              <th className="px-3 py-2 font-medium">Город</th>
              <th className="px-3 py-2 font-medium">Дней до доставки</th>
              <th className="px-3 py-2 font-medium">Цена</th>
              <th className="px-3 py-2 font-medium">Бесплатно от</th>
              {canWrite ? <th className="px-3 py-2" /> : null}
            </tr>
          </thead>
          <tbody>
            {zones.map((z) => (
              <tr key={z.cityCode} className="border-b border-line last:border-0">
                <td className="px-3 py-2">{z.cityName}</td>
                <td className="px-3 py-2">{z.leadDays}</td>
                <td className="px-3 py-2">{z.priceKopecks === null ? 'по тарифу расстояния' : formatRub(z.priceKopecks)}</td>
                <td className="px-3 py-2">{z.freeFromKopecks === null ? 'как у способа' : formatRub(z.freeFromKopecks)}</td>
                {canWrite ? (
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    <button
                      type="button"
                      className={ui.buttonSecondary}
                      disabled={!hydrated}
                      onClick={() => {
                        setEditing(z)
                        setSaved(false)
                        setFormKey((k) => k + 1)
                      }}
                    >
                      Изменить
                    </button>{' '}
                    <button type="button" className={ui.buttonDanger} disabled={!hydrated} onClick={() => void remove(z)}>
                      Убрать
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canWrite ? (
        <form key={formKey} onSubmit={submit} noValidate className={`${ui.card} space-y-4 p-4 sm:p-6`} aria-label={editing ? 'Изменить город курьерской доставки' : 'Новый город курьерской доставки'}>
          <h3 className="font-semibold">{editing ? `Курьер: ${editing.cityName}` : 'Добавить город'}</h3>
          <fieldset disabled={busy} className="grid gap-4 md:grid-cols-4">
            {editing ? null : (
              <Field label="Город" error={errors.city}>
                <TextInput name="city" list="courier-zone-cities" invalid={Boolean(errors.city)} autoComplete="off" />
              </Field>
            )}
            <Field label="Дней до доставки" error={errors.leadDays}>
              <TextInput name="leadDays" inputMode="numeric" defaultValue={String(editing?.leadDays ?? 1)} invalid={Boolean(errors.leadDays)} />
            </Field>
            <Field label="Цена, ₽" error={errors.priceKopecks} hint="Пусто — по тарифу расстояния от склада.">
              <TextInput name="price" inputMode="decimal" defaultValue={rubles(editing?.priceKopecks ?? null)} invalid={Boolean(errors.priceKopecks)} />
            </Field>
            <Field label="Бесплатно от, ₽" error={errors.freeFromKopecks} hint="Пусто — порог способа (Настройки).">
              <TextInput name="freeFrom" inputMode="decimal" defaultValue={rubles(editing?.freeFromKopecks ?? null)} invalid={Boolean(errors.freeFromKopecks)} />
            </Field>
          </fieldset>
          <datalist id="courier-zone-cities">
            {cities.map((c) => (
              <option key={c.code} value={cityLabel(c)} />
            ))}
          </datalist>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={ui.button} disabled={busy || !hydrated}>
              {editing ? 'Сохранить' : 'Добавить город'}
            </button>
            {editing ? (
              <button
                type="button"
                className={ui.buttonSecondary}
                onClick={() => {
                  setEditing(null)
                  setFormKey((k) => k + 1)
                }}
              >
                Отмена
              </button>
            ) : null}
            <FormOutcome saved={saved} error={errors.form} />
          </div>
        </form>
      ) : null}
    </section>
  )
}
