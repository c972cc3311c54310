'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { ExchangeGroupsView } from '@/domains/exchange/exchange-admin'
import { AdminApiError, adminFetch } from '../api-client'
import { Badge } from '../badge'
import { ui } from '../styles'
import { useHydrated } from '@/ui/use-hydrated'

type Group = ExchangeGroupsView['groups'][number]
type Section = ExchangeGroupsView['sections'][number]

/** One 1С group with its section as a select; saving maps it (PATCH /api/admin/exchange/groups). */
function GroupRow({ group, sections, canEdit }: { group: Group; sections: Section[]; canEdit: boolean }) {
  const router = useRouter()
  const hydrated = useHydrated()
  const [chosen, setChosen] = useState(String(group.sectionId))
  const [state, setState] = useState<{ busy: boolean; saved: boolean; error: string }>({ busy: false, saved: false, error: '' })
  const id = `group-${group.externalId}`
  const save = async () => {
    setState({ busy: true, saved: false, error: '' })
    try {
      await adminFetch('PATCH', '/api/admin/exchange/groups/', { externalId: group.externalId, sectionId: Number(chosen) })
      setState({ busy: false, saved: true, error: '' })
      router.refresh()
    } catch (error) {
      setState({ busy: false, saved: false, error: error instanceof AdminApiError ? error.message : 'Не получилось сохранить.' })
    }
  }
  return (
    <tr className="border-b border-line align-top last:border-0">
      <th scope="row" className="px-3 py-3 text-left font-normal">
        <label htmlFor={id} className="font-medium">
          {group.name || group.externalId}
        </label>
        {group.parentName ? <span className="block text-xs text-ink-600">в группе «{group.parentName}»</span> : null}
        <span className="block font-mono text-xs break-all text-ink-600">{group.externalId}</span>
      </th>
      <td className="px-3 py-3">
        <div className="flex items-center gap-2">
          <select id={id} value={chosen} onChange={(e) => setChosen(e.target.value)} disabled={!canEdit || state.busy} className={`${ui.input} max-w-80 min-w-0 flex-1`}>
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.active ? '' : ' (скрыт)'}
              </option>
            ))}
          </select>
          {canEdit ? (
            <button type="button" className={ui.buttonSecondary} onClick={save} disabled={!hydrated || state.busy || (chosen === String(group.sectionId) && group.mapped)}>
              Сохранить
            </button>
          ) : null}
        </div>
        <p className="mt-1 text-xs text-ink-600" aria-live="polite">
          {state.error ? <span className="text-sale-500">{state.error}</span> : state.saved ? 'Сохранено. Товары группы перейдут в раздел при следующем обмене.' : null}
        </p>
      </td>
      <td className="px-3 py-3">{group.mapped ? <Badge tone="good">Выбран в панели</Badge> : <Badge>Создан обменом</Badge>}</td>
    </tr>
  )
}

export function GroupMapping({ view, canEdit }: { view: ExchangeGroupsView; canEdit: boolean }) {
  if (view.groups.length === 0) {
    return <p className={`${ui.card} p-6 text-sm text-ink-600`}>Групп пока нет: они появятся после первой загрузки каталога из 1С (import.xml).</p>
  }
  return (
    <div className={`${ui.card} overflow-x-auto`}>
      <table className="w-full text-sm">
        <thead className="border-b border-line bg-surface text-left text-xs text-ink-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Группа 1С
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Раздел магазина
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Откуда раздел
            </th>
          </tr>
        </thead>
        <tbody>
          {view.groups.map((g) => (
            <GroupRow key={g.externalId} group={g} sections={view.sections} canEdit={canEdit} />
          ))}
        </tbody>
      </table>
    </div>
  )
}
