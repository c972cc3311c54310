'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError } from '../api-client'
import { FormOutcome } from '../field'
import { ui } from '../styles'
import { cityLabel, type CityChoice } from './city-choice'

/** Rubles typed in a form as kopecks; empty: null; anything else as typed, for the server to name. */
export function kopecksOrNull(text: string): number | string | null {
  const t = text.trim().replace(/\s/g, '')
  if (t === '') return null
  return /^\d+([.,]\d{1,2})?$/.test(t) ? Math.round(Number(t.replace(',', '.')) * 100) : t
}

/** Kopecks as the rubles a form shows ('150,5'); null: empty. */
export const rubles = (kopecks: number | null) => (kopecks === null ? '' : String(kopecks / 100).replace('.', ','))

/**
 * The state of a delivery list's one form that adds an item or changes the one chosen («Изменить»):
 * the item edited, the errors by field (and `form`), busy, saved, and a key that resets the fields.
 * `save` runs the request: saved, back to «new», the page's data refreshed; or the server's errors.
 */
export function useEditForm<T>() {
  const hydrated = useHydrated()
  const router = useRouter()
  const [editing, setEditing] = useState<T | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)
  const [formKey, setFormKey] = useState(0)

  const edit = (item: T | null) => {
    setEditing(item)
    setErrors({})
    setSaved(false)
    setFormKey((k) => k + 1)
  }

  const save = async (request: () => Promise<unknown>) => {
    setErrors({})
    setSaved(false)
    setBusy(true)
    try {
      await request()
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

  return { hydrated, router, editing, errors, setErrors, busy, saved, formKey, edit, cancel: () => edit(null), save }
}

/** The form's buttons: submit («Добавить…» or «Сохранить…»), «Отмена» while editing, and the outcome. */
export function EditFormActions({
  form,
  addLabel,
  saveLabel,
}: {
  form: { hydrated: boolean; editing: unknown; errors: Record<string, string>; busy: boolean; saved: boolean; cancel: () => void }
  addLabel: string
  saveLabel: string
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" className={ui.button} disabled={form.busy || !form.hydrated}>
        {form.editing ? saveLabel : addLabel}
      </button>
      {form.editing ? (
        <button type="button" className={ui.buttonSecondary} onClick={form.cancel}>
          Отмена
        </button>
      ) : null}
      <FormOutcome saved={form.saved} error={form.errors.form} />
    </div>
  )
}

/** The cities a form's city field offers, typed by name. */
export function CityDatalist({ id, cities }: { id: string; cities: readonly CityChoice[] }) {
  return (
    <datalist id={id}>
      {cities.map((c) => (
        <option key={c.code} value={cityLabel(c)} />
      ))}
    </datalist>
  )
}
