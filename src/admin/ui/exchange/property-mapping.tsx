'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { ExchangePropertiesView } from '@/domains/exchange/exchange-admin'
import { plural } from '@/lib/plural'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Badge } from '../badge'
import { ui } from '../styles'

type Property = ExchangePropertiesView['properties'][number]
type Choice = ExchangePropertiesView['filterProperties'][number]

/** One 1С property with the filter property it fills as a select; saving maps it (PATCH /api/admin/exchange/properties). */
function PropertyRow({
  property,
  choices,
  canEdit,
}: {
  property: Property
  choices: Choice[]
  canEdit: boolean
}) {
  const router = useRouter()
  const hydrated = useHydrated()
  const current = property.filterPropertyId === null ? '' : String(property.filterPropertyId)
  const [chosen, setChosen] = useState(current)
  const [state, setState] = useState<{ busy: boolean; saved: boolean; error: string }>({
    busy: false,
    saved: false,
    error: '',
  })
  const id = `property-${property.externalId}`
  const save = async () => {
    setState({ busy: true, saved: false, error: '' })
    try {
      await adminFetch('PATCH', '/api/admin/exchange/properties/', {
        externalId: property.externalId,
        filterPropertyId: chosen === '' ? null : Number(chosen),
      })
      setState({ busy: false, saved: true, error: '' })
      router.refresh()
    } catch (error) {
      setState({
        busy: false,
        saved: false,
        error: error instanceof AdminApiError ? error.message : 'Не получилось сохранить.',
      })
    }
  }
  return (
    <tr className="border-b border-line align-top last:border-0">
      <th scope="row" className="px-3 py-3 text-left font-normal">
        <label htmlFor={id} className="font-medium">
          {property.name || property.externalId}
        </label>
        <span className="block text-xs text-ink-600">
          {property.valueType || 'Тип не указан'}
          {property.values
            ? ` · ${property.values} ${plural(property.values, ['значение', 'значения', 'значений'])}`
            : ''}
        </span>
        <span className="block font-mono text-xs break-all text-ink-600">{property.externalId}</span>
      </th>
      <td className="px-3 py-3">
        <div className="flex items-center gap-2">
          <select
            id={id}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            disabled={!canEdit || state.busy}
            className={`${ui.input} max-w-80 min-w-0 flex-1`}
          >
            <option value="">Не в фильтре</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.active ? '' : ' (скрыто)'}
              </option>
            ))}
          </select>
          {canEdit ? (
            <button
              type="button"
              className={ui.buttonSecondary}
              onClick={save}
              disabled={!hydrated || state.busy || chosen === current}
            >
              Сохранить
            </button>
          ) : null}
        </div>
        <p className="mt-1 text-xs text-ink-600" aria-live="polite">
          {state.error ? (
            <span className="text-sale-500">{state.error}</span>
          ) : state.saved ? (
            'Сохранено. Значения товаров заполнятся при следующей загрузке каталога из 1С.'
          ) : null}
        </p>
      </td>
      <td className="px-3 py-3">
        {property.filterPropertyId === null ? (
          <Badge>Не в фильтре</Badge>
        ) : (
          <Badge tone="good">В фильтре</Badge>
        )}
      </td>
    </tr>
  )
}

export function PropertyMapping({ view, canEdit }: { view: ExchangePropertiesView; canEdit: boolean }) {
  if (view.properties.length === 0) {
    return (
      <p className={`${ui.card} p-6 text-sm text-ink-600`}>
        Свойств пока нет: они появятся после загрузки каталога из 1С (import.xml), в котором описаны свойства
        товаров.
      </p>
    )
  }
  return (
    <>
      {view.filterProperties.length === 0 ? (
        <p className={`${ui.card} mb-4 p-4 text-sm text-ink-600`}>
          В фильтре каталога ещё нет свойств. Создайте их в разделе{' '}
          <Link className="text-brand-700 underline" href="/admin/filter-properties/">
            «Свойства фильтра»
          </Link>
          , затем выберите здесь, какое свойство 1С их заполняет.
        </p>
      ) : null}
      <div className={`${ui.card} overflow-x-auto`}>
        <table className="w-full text-sm">
          <thead className="border-b border-line bg-surface text-left text-xs text-ink-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Свойство 1С
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Свойство фильтра
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Сейчас
              </th>
            </tr>
          </thead>
          <tbody>
            {view.properties.map((p) => (
              <PropertyRow
                key={p.externalId}
                property={p}
                choices={view.filterProperties}
                canEdit={canEdit}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
