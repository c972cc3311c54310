'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import type { EncSectionView } from '@/domains/content/content-admin.schema'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { FormOutcome, TextInput } from '../field'
import { DragHandle, MoveButtons, moved, useDragOrder } from '../filter-properties/reorder'
import { ui } from '../styles'

/**
 * The encyclopedia's sections (its tabs): rename one in place, add one at the end (ADR 200), and
 * order them by dragging a row onto another or by its ↑ ↓ (ADR 208). A move sends the whole new
 * order; the list shows the server's order after it, as the storefront's tabs will.
 */
export function EncSectionsEditor({ sections, canEdit }: { sections: EncSectionView[]; canEdit: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [announce, setAnnounce] = useState('')
  const locked = busy || !hydrated || !canEdit
  const move = async (from: number, to: number) => {
    if (from === to || to < 0 || to >= sections.length) return
    setError(undefined)
    setBusy(true)
    try {
      await adminFetch('POST', '/api/admin/encyclopedia/sections/order/', {
        sectionIds: moved(
          sections.map((s) => s.id),
          from,
          to,
        ),
      })
      setAnnounce(`«${sections[from]!.name}» — теперь ${to + 1}-й из ${sections.length}.`)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось сохранить порядок.')
    } finally {
      setBusy(false)
    }
  }
  const { rowProps, rowClass } = useDragOrder((from, to) => void move(from, to), locked)
  return (
    <section className={`${ui.card} mb-6 p-4`} aria-label="Разделы энциклопедии">
      <h2 className="mb-1 text-base font-semibold">Разделы (вкладки)</h2>
      {canEdit ? (
        <p className="mb-3 text-sm text-ink-600">
          Порядок — как у вкладок на странице энциклопедии: перетащите строку или нажмите ↑ ↓.
        </p>
      ) : null}
      <ul className="space-y-2" aria-busy={busy}>
        {sections.map((s, i) => (
          <li
            key={s.id}
            {...(canEdit ? rowProps(i) : {})}
            className={`flex items-center gap-2 rounded-lg ${rowClass(i)}`}
            data-enc-section={s.code}
          >
            {canEdit ? <DragHandle /> : null}
            <div className="flex-1">
              <SectionRow section={s} canEdit={canEdit} />
            </div>
            {canEdit ? (
              <MoveButtons
                index={i}
                count={sections.length}
                name={s.name}
                locked={locked}
                move={(f, t) => void move(f, t)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {error ? (
        <p className="mt-2 text-sm text-sale-500" role="alert">
          {error}
        </p>
      ) : null}
      {canEdit ? <SectionRow canEdit /> : null}
    </section>
  )
}

function SectionRow({ section, canEdit }: { section?: EncSectionView; canEdit: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [error, setError] = useState<string>()
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const f = new FormData(form)
    const body = { name: String(f.get('name') ?? ''), code: String(f.get('code') ?? '') }
    setBusy(true)
    setError(undefined)
    setSaved(false)
    try {
      if (section) await adminFetch('PATCH', `/api/admin/encyclopedia/sections/${section.id}/`, body)
      else {
        await adminFetch('POST', '/api/admin/encyclopedia/sections/', body)
        form.reset()
      }
      setSaved(true)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось сохранить.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      onSubmit={submit}
      className={`flex flex-wrap items-center gap-2 ${section ? '' : 'mt-3 border-t border-line pt-3'}`}
      aria-label={section ? `Раздел ${section.name}` : 'Новый раздел'}
    >
      <fieldset disabled={busy || !canEdit} className="flex flex-1 flex-wrap items-center gap-2">
        <TextInput
          name="name"
          aria-label="Название раздела"
          placeholder="Название"
          defaultValue={section?.name ?? ''}
          className="max-w-xs"
        />
        <TextInput
          name="code"
          aria-label="Код раздела"
          placeholder="код"
          defaultValue={section?.code ?? ''}
          className="max-w-40 font-mono"
        />
        {section ? <span className="text-xs text-ink-600">элементов: {section.elements}</span> : null}
      </fieldset>
      {canEdit ? (
        <button
          type="submit"
          className={section ? ui.buttonSecondary : ui.button}
          disabled={busy || !hydrated}
        >
          {section ? 'Сохранить' : 'Добавить раздел'}
        </button>
      ) : null}
      <FormOutcome saved={saved} error={error} small />
    </form>
  )
}
