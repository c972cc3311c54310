'use client'

import { useRouter } from 'next/navigation'
import { Fragment, useState, type ReactNode } from 'react'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError } from './api-client'
import { FormOutcome } from './field'
import { DragHandle, MoveButtons, moved, useDragOrder } from './filter-properties/reorder'
import { ui } from './styles'

export interface OrderedListProps<T extends { id: number; active: boolean }> {
  /** The section's heading, its id (the section is labelled by it) and an optional line under it. */
  heading: string
  headingId: string
  intro?: string
  /** The list's accessible name, e.g. «Слайды по порядку». */
  label: string
  /** Said instead of rows when there are none. */
  empty: string
  items: readonly T[]
  canEdit: boolean
  /** A row's own data attribute, e.g. `data-light-line`, holding its id. */
  rowData: `data-${string}`
  /** The row's name in its buttons' labels and in what a move announces. */
  nameOf: (item: T) => string
  /** The ordinal's ending a move announces for this kind of row: «2-й из 5» (слайд), «2-я из 5» (полоса). */
  ordinal: 'й' | 'я'
  /** Sends the whole new order, ids first to last. */
  saveOrder: (ids: number[]) => Promise<unknown>
  /** Lists whose rows are shown or hidden from the list itself: the request and what it announces. */
  toggle?: { send: (item: T) => Promise<unknown>; said: (item: T) => string }
  /** What a row shows between the drag handle and its buttons. */
  summary: (item: T) => ReactNode
  /** The row's form, opened by «Изменить»; `close` closes it. */
  form: (item: T, close: () => void) => ReactNode
  /** The form for a new row, under the list; `announce` tells screen readers it was added. */
  newForm: (announce: (said: string) => void) => ReactNode
}

/**
 * A back-office list kept in the order the site shows it (the home page's slides and light lines,
 * ADR 204, 207): moved by dragging or by ↑ ↓, each move sending the whole order; shown or hidden with
 * one button where the list has one; a row opens its form under it; rows are hidden, never deleted.
 * The list shows the server's order after each change, never a guess, and says what changed in a
 * status line for screen readers. Nothing moves while a row's form is open.
 */
export function OrderedList<T extends { id: number; active: boolean }>({
  heading,
  headingId,
  intro,
  label,
  empty,
  items,
  canEdit,
  rowData,
  nameOf,
  ordinal,
  saveOrder,
  toggle,
  summary,
  form,
  newForm,
}: OrderedListProps<T>) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [editing, setEditing] = useState<number | null>(null)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [announce, setAnnounce] = useState('')
  const locked = busy || !hydrated || !canEdit || editing !== null

  const act = async (run: () => Promise<unknown>, said: string) => {
    setError(undefined)
    setBusy(true)
    try {
      await run()
      setAnnounce(said)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось сохранить.')
    } finally {
      setBusy(false)
    }
  }
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return
    void act(
      () =>
        saveOrder(
          moved(
            items.map((item) => item.id),
            from,
            to,
          ),
        ),
      `«${nameOf(items[from]!)}» — теперь ${to + 1}-${ordinal} из ${items.length}.`,
    )
  }
  const { rowProps, rowClass } = useDragOrder(move, locked)

  const title = (
    <h2 id={headingId} className="text-lg font-semibold">
      {heading}
    </h2>
  )
  return (
    <section className={`${ui.card} space-y-3 p-4 sm:p-6`} aria-labelledby={headingId}>
      {intro ? (
        <div>
          {title}
          <p className="text-sm text-ink-600">{intro}</p>
        </div>
      ) : (
        title
      )}
      {items.length === 0 ? <p className="text-sm text-ink-600">{empty}</p> : null}
      <ol className="space-y-2" aria-label={label}>
        {items.map((item, i) => (
          <li
            key={item.id}
            {...{ [rowData]: item.id }}
            {...rowProps(i)}
            className={`rounded-md border border-line p-3 ${item.active ? 'bg-white' : 'bg-surface'} ${rowClass(i)}`}
          >
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {canEdit ? <DragHandle /> : null}
              {summary(item)}
              {canEdit ? (
                <div className="flex flex-wrap gap-1.5">
                  <MoveButtons
                    index={i}
                    count={items.length}
                    name={nameOf(item)}
                    locked={locked}
                    move={move}
                  />
                  {toggle ? (
                    <button
                      type="button"
                      className={`${ui.buttonSecondary} px-3 py-1`}
                      disabled={locked}
                      onClick={() => void act(() => toggle.send(item), toggle.said(item))}
                      aria-label={`${item.active ? 'Скрыть' : 'Показать'}: ${nameOf(item)}`}
                    >
                      {item.active ? 'Скрыть' : 'Показать'}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className={`${ui.buttonSecondary} px-3 py-1`}
                    disabled={busy || !hydrated}
                    onClick={() => setEditing(editing === item.id ? null : item.id)}
                  >
                    Изменить
                  </button>
                </div>
              ) : null}
            </div>
            {editing === item.id ? (
              // Keyed by the row's values: a form opened again after the row changed starts from them.
              <Fragment key={JSON.stringify(item)}>{form(item, () => setEditing(null))}</Fragment>
            ) : null}
          </li>
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announce}
      </p>
      <FormOutcome error={error} />
      {canEdit ? newForm(setAnnounce) : null}
    </section>
  )
}
