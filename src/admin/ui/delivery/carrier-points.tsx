'use client'

import { useState, type FormEvent } from 'react'
import type {
  CarrierPointsView,
  CarrierRefreshView,
} from '@/domains/delivery/carriers/points-admin/points-admin.schema'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, TextInput } from '../field'
import { ui } from '../styles'
import { cityFromText, cityLabel, type CityChoice } from './city-choice'

/** «Почта России» is feminine: «не подключена». */
const connected = (code: string) => (code === 'pochta' ? 'подключена' : 'подключён')

const when = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })

/**
 * «Пункты перевозчиков» (issue 22, ADR 195): per carrier, connected or not (and the settings it needs),
 * the cities whose points are loaded with their count, last refresh and last error, a search by city,
 * and «Обновить пункты» for a chosen city.
 */
export function CarrierPoints({
  carriers: initial,
  cities,
  canWrite,
}: {
  carriers: CarrierPointsView[]
  cities: CityChoice[]
  canWrite: boolean
}) {
  const hydrated = useHydrated()
  const [carriers, setCarriers] = useState(initial)
  const [search, setSearch] = useState('')
  const [busy, setBusy] = useState<string | null>(null)
  const [answers, setAnswers] = useState<Record<string, { ok: boolean; text: string }>>({})

  const load = async (text: string) => {
    const { items } = await adminFetch<{ items: CarrierPointsView[] }>(
      'GET',
      `/api/admin/delivery/carriers/${text ? `?city=${encodeURIComponent(text)}` : ''}`,
    )
    setCarriers(items)
  }

  const find = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    setSearch(text)
    setBusy('search')
    try {
      await load(text)
    } finally {
      setBusy(null)
    }
  }

  const refresh = async (event: FormEvent<HTMLFormElement>, carrier: string) => {
    event.preventDefault()
    const city = cityFromText(cities, String(new FormData(event.currentTarget).get('city') ?? ''))
    if (!city) {
      setAnswers((a) => ({ ...a, [carrier]: { ok: false, text: 'Выберите город из списка.' } }))
      return
    }
    setBusy(carrier)
    setAnswers((a) => ({ ...a, [carrier]: { ok: true, text: 'Загружаем пункты…' } }))
    try {
      const answer = await adminFetch<CarrierRefreshView>(
        'POST',
        `/api/admin/delivery/carriers/${carrier}/cities/${city.code}/refresh/`,
      )
      setAnswers((a) => ({
        ...a,
        [carrier]: {
          ok: answer.status === 'refreshed' || answer.status === 'not-served',
          text: answer.message,
        },
      }))
      await load(search)
    } catch (error) {
      setAnswers((a) => ({
        ...a,
        [carrier]: {
          ok: false,
          text: error instanceof AdminApiError ? error.message : 'Не получилось обновить пункты.',
        },
      }))
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="space-y-4" aria-labelledby="carrier-points-title">
      <h2 id="carrier-points-title" className="text-lg font-semibold">
        Пункты перевозчиков
      </h2>
      <p className="text-sm text-ink-600">
        Пункты выдачи подключённых перевозчиков хранятся у нас и обновляются раз в сутки; город загружается,
        когда его впервые выбирает покупатель. Если перевозчик не ответил, прежние пункты города остаются.
      </p>
      <form
        onSubmit={find}
        role="search"
        aria-label="Поиск города в пунктах перевозчиков"
        className="flex flex-wrap items-end gap-3"
      >
        <Field label="Город">
          <TextInput name="q" defaultValue={search} placeholder="Например, Казань" autoComplete="off" />
        </Field>
        <button type="submit" className={ui.buttonSecondary} disabled={!hydrated || busy !== null}>
          Найти
        </button>
      </form>
      {carriers.map((c) => (
        <div
          key={c.code}
          className={`${ui.card} space-y-3 p-4`}
          aria-label={`Пункты: ${c.name}`}
          role="group"
        >
          <h3 className="font-semibold">
            {c.name}:{' '}
            {c.configured ? (
              <span className="font-normal">
                {connected(c.code)}, городов загружено — {c.citiesTotal}
              </span>
            ) : (
              <span className="font-normal text-ink-600">не {connected(c.code)}</span>
            )}
          </h3>
          {!c.configured ? (
            <p className="text-sm text-ink-600">
              Чтобы подключить, задайте настройки:{' '}
              {c.settings.map((s, i) => (
                <span key={s}>
                  {i > 0 ? ', ' : ''}
                  <code className="font-mono">{s}</code>
                </span>
              ))}
              .
            </p>
          ) : null}
          {c.cities.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-line text-ink-600">
                  <tr>
                    <th className="px-3 py-2 font-medium">Город</th>
                    <th className="px-3 py-2 font-medium">Пунктов</th>
                    <th className="px-3 py-2 font-medium">Обновлены</th>
                    <th className="px-3 py-2 font-medium">Последняя ошибка</th>
                  </tr>
                </thead>
                <tbody>
                  {c.cities.map((city) => (
                    <tr key={city.cityCode} className="border-b border-line last:border-0 align-top">
                      <td className="px-3 py-2">
                        {cityLabel({ code: city.cityCode, name: city.cityName, region: city.region })}
                      </td>
                      <td className="px-3 py-2">{city.served ? city.points : 'не обслуживается'}</td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {city.refreshedAt ? when(city.refreshedAt) : 'ещё не загружены'}
                      </td>
                      <td className="px-3 py-2 break-words text-ink-600">{city.lastError || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : c.configured ? (
            <p className="text-sm text-ink-600">
              {search ? 'Среди загруженных городов такого нет.' : 'Городов пока нет.'}
            </p>
          ) : null}
          {c.configured && canWrite ? (
            <form
              onSubmit={(e) => refresh(e, c.code)}
              className="flex flex-wrap items-end gap-3"
              aria-label={`Обновить пункты: ${c.name}`}
            >
              <Field label="Город для обновления">
                <TextInput name="city" list="carrier-points-cities" autoComplete="off" />
              </Field>
              <button type="submit" className={ui.button} disabled={!hydrated || busy !== null}>
                Обновить пункты
              </button>
              {answers[c.code] ? (
                <p role="status" className={`text-sm ${answers[c.code]!.ok ? '' : 'text-sale-500'}`}>
                  {answers[c.code]!.text}
                </p>
              ) : null}
            </form>
          ) : null}
        </div>
      ))}
      {canWrite ? (
        <datalist id="carrier-points-cities">
          {cities.map((c) => (
            <option key={c.code} value={cityLabel(c)} />
          ))}
        </datalist>
      ) : null}
    </section>
  )
}
