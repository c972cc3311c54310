'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState, type DragEvent } from 'react'
import type { SectionView } from '@/domains/catalog/catalog-structure'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Badge } from '../badge'
import { FormOutcome } from '../field'
import { ui } from '../styles'

/**
 * The sections in the menu's order. A section is moved by dragging it onto another (native drag and
 * drop: no library for one list) or by its ↑ ↓ buttons, which a keyboard reaches; either sends the
 * whole new order, and the list shows it only once the server has taken it.
 */
export function SectionsList({ sections, canEdit }: { sections: SectionView[]; canEdit: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [dragged, setDragged] = useState<number | null>(null)
  const [over, setOver] = useState<number | null>(null)
  const [announce, setAnnounce] = useState('')
  const locked = busy || !hydrated || !canEdit

  const save = async (from: number, to: number) => {
    if (from === to || to < 0 || to >= sections.length) return
    const ids = sections.map((s) => s.id)
    const [moved] = ids.splice(from, 1)
    ids.splice(to, 0, moved!)
    setError(undefined)
    setBusy(true)
    try {
      await adminFetch('POST', '/api/admin/sections/order/', { sectionIds: ids })
      setAnnounce(`«${sections[from]!.name}» — теперь ${to + 1}-й из ${sections.length}.`)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось сохранить порядок.')
    } finally {
      setBusy(false)
    }
  }

  const drop = (event: DragEvent, to: number) => {
    event.preventDefault()
    const from = dragged
    setDragged(null)
    setOver(null)
    if (from !== null) void save(from, to)
  }

  return (
    <div className="space-y-3">
      <ol className={`${ui.card} divide-y divide-line`} aria-label="Разделы в порядке меню">
        {sections.map((s, i) => (
          <li
            key={s.id}
            data-section={s.code}
            draggable={!locked}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move'
              e.dataTransfer.setData('text/plain', String(s.id))
              setDragged(i)
            }}
            onDragEnd={() => {
              setDragged(null)
              setOver(null)
            }}
            onDragOver={(e) => {
              if (dragged === null) return
              e.preventDefault()
              setOver(i)
            }}
            onDrop={(e) => drop(e, i)}
            className={`flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 ${dragged === i ? 'opacity-50' : ''} ${over === i && dragged !== i ? 'bg-brand-50' : ''} ${s.active ? '' : 'bg-surface'}`}
          >
            {canEdit ? (
              <span aria-hidden="true" className="cursor-grab text-lg leading-none text-ink-600 select-none" title="Перетащите, чтобы изменить порядок">
                ⠿
              </span>
            ) : null}
            <span className="w-6 text-right text-sm text-ink-600 tabular-nums">{i + 1}</span>
            <div className="min-w-40 flex-1">
              <Link href={`/admin/sections/${s.id}/`} className={ui.link}>
                {s.name}
              </Link>
              <div className="font-mono text-xs text-ink-600">/catalog/{s.code}/</div>
            </div>
            <span className="w-24 text-sm text-ink-600 tabular-nums">{s.products} тов.</span>
            <Badge tone={s.active ? 'good' : 'neutral'}>{s.active ? 'Показан' : 'Скрыт'}</Badge>
            {canEdit ? (
              <div className="flex gap-1.5">
                <button type="button" className={`${ui.buttonSecondary} px-2 py-1`} aria-label={`Выше: ${s.name}`} title="Выше" disabled={locked || i === 0} onClick={() => save(i, i - 1)}>
                  ↑
                </button>
                <button
                  type="button"
                  className={`${ui.buttonSecondary} px-2 py-1`}
                  aria-label={`Ниже: ${s.name}`}
                  title="Ниже"
                  disabled={locked || i === sections.length - 1}
                  onClick={() => save(i, i + 1)}
                >
                  ↓
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announce}
      </p>
      <FormOutcome error={error} />
    </div>
  )
}
