'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import type { FilterPropertyView } from '@/domains/catalog/filter-properties'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Badge } from '../badge'
import { Field, FormOutcome, TextInput } from '../field'
import { ui } from '../styles'
import { DragHandle, MoveButtons, moved, useDragOrder } from './reorder'

/**
 * The filter's properties in the order the catalogue shows them (ADR 204): moved by dragging or by
 * ↑ ↓, each with its values and the sections it filters; a new one is a name and a code.
 */
export function PropertiesList({ properties, sections, canEdit }: { properties: FilterPropertyView[]; sections: { id: number; name: string }[]; canEdit: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [announce, setAnnounce] = useState('')
  const locked = busy || !hydrated || !canEdit
  const sectionName = new Map(sections.map((s) => [s.id, s.name]))

  const move = async (from: number, to: number) => {
    if (to < 0 || to >= properties.length || from === to) return
    setError(undefined)
    setBusy(true)
    try {
      await adminFetch('POST', '/api/admin/filter-properties/order/', { propertyIds: moved(properties.map((p) => p.id), from, to) })
      setAnnounce(`«${properties[from]!.name}» — теперь ${to + 1}-е из ${properties.length}.`)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось сохранить порядок.')
    } finally {
      setBusy(false)
    }
  }
  const drag = useDragOrder((from, to) => void move(from, to), locked)

  return (
    <div className="space-y-6">
      {properties.length === 0 ? (
        <p className={`${ui.card} px-4 py-6 text-sm text-ink-600`}>Свойств пока нет. Добавьте первое — например, «Вкус» со значениями «Лимон», «Апельсин».</p>
      ) : (
        <ol className={`${ui.card} divide-y divide-line`} aria-label="Свойства фильтра по порядку">
          {properties.map((p, i) => (
            <li key={p.id} data-filter-property={p.code} {...drag.rowProps(i)} className={`flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 ${drag.rowClass(i)} ${p.active ? '' : 'bg-surface'}`}>
              {canEdit ? <DragHandle /> : null}
              <span className="w-6 text-right text-sm text-ink-600 tabular-nums">{i + 1}</span>
              <div className="min-w-48 flex-1">
                <Link href={`/admin/filter-properties/${p.id}/`} className={ui.link}>
                  {p.name}
                </Link>
                <div className="font-mono text-xs text-ink-600">?p_{p.code}=…</div>
              </div>
              <div className="min-w-48 flex-1 text-sm text-ink-600">
                {p.options.length ? p.options.map((o) => o.name).join(', ') : 'Значений нет'}
                <div className="text-xs">{p.sectionIds.length ? `Разделы: ${p.sectionIds.map((id) => sectionName.get(id) ?? id).join(', ')}` : 'Во всех разделах'}</div>
              </div>
              <Badge tone={p.active ? 'good' : 'neutral'}>{p.active ? 'Показано' : 'Скрыто'}</Badge>
              {canEdit ? <MoveButtons index={i} count={properties.length} name={p.name} locked={locked} move={(f, t) => void move(f, t)} /> : null}
            </li>
          ))}
        </ol>
      )}
      <p role="status" className="sr-only">
        {announce}
      </p>
      <FormOutcome error={error} />
      {canEdit ? <NewPropertyForm /> : null}
    </div>
  )
}

function NewPropertyForm() {
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    setErrors({})
    setBusy(true)
    try {
      const created = await adminFetch<FilterPropertyView>('POST', '/api/admin/filter-properties/', { name: String(f.get('name') ?? ''), code: String(f.get('code') ?? '') })
      router.push(`/admin/filter-properties/${created.id}/`)
    } catch (error) {
      setErrors(error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось сохранить.' })
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Новое свойство" className={`${ui.card} space-y-4 p-4 sm:p-6`}>
      <h2 className="text-base font-semibold">Новое свойство</h2>
      <fieldset disabled={busy} className="grid gap-4 md:grid-cols-2">
        <Field label="Название" error={errors.name} hint="Так группа называется в фильтре: «Вкус», «Для кого».">
          <TextInput name="name" invalid={Boolean(errors.name)} />
        </Field>
        <Field label="Код для адреса" error={errors.code} hint="Латиница, цифры, «-» и «_»: /catalog/?p_код=….">
          <TextInput name="code" className="font-mono" invalid={Boolean(errors.code)} />
        </Field>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.button} disabled={busy || !hydrated}>
          Создать свойство
        </button>
        <FormOutcome error={errors.form && !errors.name && !errors.code ? errors.form : undefined} />
      </div>
    </form>
  )
}
