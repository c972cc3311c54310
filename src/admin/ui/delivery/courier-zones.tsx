'use client'

import { type FormEvent } from 'react'
import type { CourierZoneView } from '@/domains/delivery/own/own-delivery.schema'
import { formatRub } from '@/lib/money'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, TextInput } from '../field'
import { ui } from '../styles'
import { cityFromText, type CityChoice } from './city-choice'
import { CityDatalist, EditFormActions, kopecksOrNull, rubles, useEditForm } from './delivery-form'

/** The courier's cities with their lead time, price and free-delivery threshold (ADR 187). */
export function CourierZones({ zones, cities, canWrite }: { zones: CourierZoneView[]; cities: CityChoice[]; canWrite: boolean }) {
  const form = useEditForm<CourierZoneView>()
  const { hydrated, router, editing, errors, setErrors, busy, formKey } = form

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => String(f.get(name) ?? '')
    const city = editing ? { code: editing.cityCode } : cityFromText(cities, text('city'))
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
    await form.save(() => adminFetch('POST', `/api/admin/delivery/zones/${encodeURIComponent(city.code)}/`, body))
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
                      onClick={() => form.edit(z)}
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
          <CityDatalist id="courier-zone-cities" cities={cities} />
          <EditFormActions form={form} addLabel="Добавить город" saveLabel="Сохранить" />
        </form>
      ) : null}
    </section>
  )
}
