'use client'

import { type FormEvent } from 'react'
import type { OwnPointView } from '@/domains/delivery/own/own-delivery.schema'
import { adminFetch } from '../api-client'
import { Field, TextInput } from '../field'
import { ui } from '../styles'
import { cityFromText, cityLabel, type CityChoice } from './city-choice'
import { CityDatalist, EditFormActions, useEditForm } from './delivery-form'

/** '55,7558' or '55.7558' as a number; anything else as typed, so the server names the problem. */
function coordinate(text: string): number | string {
  const t = text.trim().replace(',', '.')
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t
}

/**
 * The shop's own pickup points: the list, and one form that adds a point or changes the one chosen
 * («Изменить»). Sent to /api/admin/delivery/points (ADR 187).
 */
export function OwnPoints({ points, cities, canWrite }: { points: OwnPointView[]; cities: CityChoice[]; canWrite: boolean }) {
  const form = useEditForm<OwnPointView>()
  const { hydrated, editing, errors, busy, formKey } = form

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => String(f.get(name) ?? '')
    const city = cityFromText(cities, text('city'))
    const body = {
      cityCode: city?.code ?? text('city'),
      name: text('name'),
      address: text('address'),
      addressComment: text('addressComment'),
      workTime: text('workTime'),
      phone: text('phone'),
      lat: coordinate(text('lat')),
      lon: coordinate(text('lon')),
      canGetPayment: f.get('canGetPayment') === 'on',
      active: f.get('active') === 'on',
    }
    await form.save(() =>
      editing ? adminFetch('PATCH', `/api/admin/delivery/points/${encodeURIComponent(editing.id)}/`, body) : adminFetch('POST', '/api/admin/delivery/points/', body),
    )
  }

  const cityOf = (p: OwnPointView) => cities.find((c) => c.code === p.cityCode)
  return (
    <section className="space-y-4" aria-labelledby="own-points-title">
      <h2 id="own-points-title" className="text-lg font-semibold">
        Пункты выдачи магазина
      </h2>
      {points.length === 0 ? (
        <p className="text-sm text-ink-600">Пунктов пока нет: самовывоз не предлагается.</p>
      ) : (
        <div className={`${ui.card} overflow-x-auto`}>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line bg-surface text-ink-600">
              <tr>
                <th className="px-3 py-2 font-medium">Город</th>
                <th className="px-3 py-2 font-medium">Пункт</th>
                <th className="px-3 py-2 font-medium">Часы работы</th>
                <th className="px-3 py-2 font-medium">Оплата при получении</th>
                <th className="px-3 py-2 font-medium">Состояние</th>
                {canWrite ? <th className="px-3 py-2" /> : null}
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.id} className="border-b border-line last:border-0 align-top">
                  <td className="px-3 py-2">{p.cityName}</td>
                  <td className="px-3 py-2">
                    <div className="font-medium">{p.name}</div>
                    <div className="text-ink-600">{p.address}</div>
                    <div className="font-mono text-xs text-ink-600">{p.id}</div>
                  </td>
                  <td className="px-3 py-2">{p.workTime}</td>
                  <td className="px-3 py-2">{p.canGetPayment ? 'да' : 'только предоплата'}</td>
                  <td className="px-3 py-2">{p.active ? 'действует' : 'выключен'}</td>
                  {canWrite ? (
                    <td className="px-3 py-2 text-right">
                      <button
                        type="button"
                        className={ui.buttonSecondary}
                        disabled={!hydrated}
                        onClick={() => form.edit(p)}
                      >
                        Изменить
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canWrite ? (
        <form key={formKey} onSubmit={submit} noValidate className={`${ui.card} space-y-4 p-4 sm:p-6`} aria-label={editing ? 'Изменить пункт выдачи' : 'Новый пункт выдачи'}>
          <h3 className="font-semibold">{editing ? `Изменить пункт ${editing.id}` : 'Новый пункт выдачи'}</h3>
          <fieldset disabled={busy} className="grid gap-4 md:grid-cols-2">
            <Field label="Город" error={errors.cityCode}>
              <TextInput name="city" list="own-point-cities" defaultValue={editing ? cityLabel(cityOf(editing) ?? { code: editing.cityCode, name: editing.cityName, region: '' }) : ''} invalid={Boolean(errors.cityCode)} autoComplete="off" />
            </Field>
            <Field label="Название" error={errors.name} hint="Так пункт называется на карте оформления заказа.">
              <TextInput name="name" defaultValue={editing?.name ?? ''} invalid={Boolean(errors.name)} />
            </Field>
            <Field label="Адрес" error={errors.address} hint="Без города: «ул Тверская, д 7».">
              <TextInput name="address" defaultValue={editing?.address ?? ''} invalid={Boolean(errors.address)} />
            </Field>
            <Field label="Как найти" error={errors.addressComment}>
              <TextInput name="addressComment" defaultValue={editing?.addressComment ?? ''} invalid={Boolean(errors.addressComment)} />
            </Field>
            <Field label="Часы работы" error={errors.workTime}>
              <TextInput name="workTime" defaultValue={editing?.workTime ?? ''} placeholder="Пн-Пт 10:00-20:00" invalid={Boolean(errors.workTime)} />
            </Field>
            <Field label="Телефон" error={errors.phone}>
              <TextInput name="phone" type="tel" defaultValue={editing?.phone ?? ''} invalid={Boolean(errors.phone)} />
            </Field>
            <Field label="Широта" error={errors.lat} hint="Например, 55,7577.">
              <TextInput name="lat" inputMode="decimal" defaultValue={editing ? String(editing.lat) : ''} invalid={Boolean(errors.lat)} />
            </Field>
            <Field label="Долгота" error={errors.lon} hint="Например, 37,6131.">
              <TextInput name="lon" inputMode="decimal" defaultValue={editing ? String(editing.lon) : ''} invalid={Boolean(errors.lon)} />
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="canGetPayment" defaultChecked={editing?.canGetPayment ?? true} /> Оплата при получении
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="active" defaultChecked={editing?.active ?? true} /> Действует (виден при оформлении заказа)
            </label>
          </fieldset>
          <CityDatalist id="own-point-cities" cities={cities} />
          <EditFormActions form={form} addLabel="Добавить пункт" saveLabel="Сохранить пункт" />
        </form>
      ) : null}
    </section>
  )
}
