'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import type { FilterOptionView, FilterPropertyView } from '@/domains/catalog/filter-properties'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, FormOutcome, TextInput } from '../field'
import { ui } from '../styles'
import { DragHandle, MoveButtons, moved, useDragOrder } from './reorder'

type Errors = Record<string, string>
const errorsOf = (error: unknown): Errors => (error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось сохранить.' })
/** A refusal no field shows: the form's own line. */
const formError = (errors: Errors, fields: string[]) => (errors.form && !fields.some((f) => errors[f]) ? errors.form : undefined)

/** A property's name, code, shown or hidden, and the sections whose pages offer it (ADR 204). */
export function PropertyForm({ property, sections, canEdit }: { property: FilterPropertyView; sections: { id: number; name: string }[]; canEdit: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Errors>({})
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = {
      name: String(f.get('name') ?? ''),
      code: String(f.get('code') ?? ''),
      active: f.get('active') === 'on',
      sectionIds: f.getAll('sectionIds').map(Number),
    }
    setErrors({})
    setSaved(false)
    setBusy(true)
    try {
      await adminFetch('PATCH', `/api/admin/filter-properties/${property.id}/`, body)
      setSaved(true)
      router.refresh()
    } catch (error) {
      setErrors(errorsOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Свойство" className={`${ui.card} space-y-5 p-4 sm:p-6`}>
      <fieldset disabled={busy || !canEdit} className="space-y-5">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Название" error={errors.name}>
            <TextInput name="name" defaultValue={property.name} invalid={Boolean(errors.name)} />
          </Field>
          <Field label="Код для адреса" error={errors.code} hint={`В адресе каталога: ?p_${property.code}=…; старые ссылки с прежним кодом перестанут фильтровать.`}>
            <TextInput name="code" defaultValue={property.code} className="font-mono" invalid={Boolean(errors.code)} />
          </Field>
        </div>
        <fieldset>
          <legend className={ui.label}>Разделы, в которых свойство есть в фильтре</legend>
          <p className="mb-2 text-xs text-ink-600">Ничего не отмечено — во всех разделах. Весь каталог, бренды и импортозамещение показывают его всегда.</p>
          <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2 xl:grid-cols-3">
            {sections.map((s) => (
              <label key={s.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="sectionIds" value={s.id} defaultChecked={property.sectionIds.includes(s.id)} />
                <span>{s.name}</span>
              </label>
            ))}
          </div>
          {errors.sectionIds ? (
            <span role="alert" className="mt-1 block text-xs text-sale-500">
              {errors.sectionIds}
            </span>
          ) : null}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="active" defaultChecked={property.active} />
          <span className="font-medium">Показывать в фильтре</span>
        </label>
      </fieldset>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={ui.button} disabled={busy || !hydrated}>
            Сохранить
          </button>
          <FormOutcome saved={saved} error={formError(errors, ['name', 'code', 'sectionIds'])} />
        </div>
      ) : null}
    </form>
  )
}

/** One value: its name and code, saved by its own button. */
function OptionRow({ option, locked, onSaved }: { option: FilterOptionView; locked: boolean; onSaved: (name: string) => void }) {
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const name = String(f.get('name') ?? '')
    setErrors({})
    setBusy(true)
    try {
      await adminFetch('PATCH', `/api/admin/filter-options/${option.id}/`, { name, code: String(f.get('code') ?? '') })
      onSaved(name)
    } catch (error) {
      setErrors(errorsOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label={`Значение ${option.name}`} className="flex min-w-0 flex-1 flex-wrap items-start gap-2">
      <div className="min-w-40 flex-1">
        <TextInput name="name" aria-label="Название значения" defaultValue={option.name} invalid={Boolean(errors.name)} disabled={locked || busy} />
        {errors.name ? <span role="alert" className="mt-1 block text-xs text-sale-500">{errors.name}</span> : null}
      </div>
      <div className="w-36">
        <TextInput name="code" aria-label="Код значения" defaultValue={option.code} className="font-mono" invalid={Boolean(errors.code)} disabled={locked || busy} />
        {errors.code ? <span role="alert" className="mt-1 block text-xs text-sale-500">{errors.code}</span> : null}
      </div>
      <span className="w-16 pt-3 text-right text-xs text-ink-600 tabular-nums">{option.products} тов.</span>
      <button type="submit" className={`${ui.buttonSecondary} px-3`} disabled={locked || busy}>
        Сохранить
      </button>
      <FormOutcome error={formError(errors, ['name', 'code'])} small />
    </form>
  )
}

/** The property's values in the filter's order: renamed in place, moved by dragging or ↑ ↓, added at the end. */
export function OptionsEditor({ property, canEdit }: { property: FilterPropertyView; canEdit: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Errors>({})
  const [status, setStatus] = useState('')
  const [formKey, setFormKey] = useState(0)
  const options = property.options
  const locked = busy || !hydrated || !canEdit

  const move = async (from: number, to: number) => {
    if (to < 0 || to >= options.length || from === to) return
    setErrors({})
    setBusy(true)
    try {
      await adminFetch('POST', `/api/admin/filter-properties/${property.id}/options/order/`, { optionIds: moved(options.map((o) => o.id), from, to) })
      setStatus(`«${options[from]!.name}» — теперь ${to + 1}-е из ${options.length}.`)
      router.refresh()
    } catch (error) {
      setErrors(errorsOf(error))
    } finally {
      setBusy(false)
    }
  }
  const drag = useDragOrder((from, to) => void move(from, to), locked)

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const name = String(f.get('name') ?? '')
    setErrors({})
    setBusy(true)
    try {
      await adminFetch('POST', `/api/admin/filter-properties/${property.id}/options/`, { name, code: String(f.get('code') ?? '') })
      setStatus(`Значение «${name.trim()}» добавлено.`)
      setFormKey((k) => k + 1)
      router.refresh()
    } catch (error) {
      setErrors(errorsOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={`${ui.card} space-y-4 p-4 sm:p-6`} aria-labelledby="filter-options-heading" data-filter-options>
      <h2 id="filter-options-heading" className="text-base font-semibold">
        Значения
      </h2>
      {options.length ? (
        <ol className="divide-y divide-line rounded-md border border-line" aria-label="Значения свойства по порядку">
          {options.map((o, i) => (
            <li key={o.id} data-filter-option={o.code} {...drag.rowProps(i)} className={`flex flex-wrap items-start gap-3 px-3 py-2 ${drag.rowClass(i)}`}>
              {canEdit ? (
                <span className="pt-2">
                  <DragHandle />
                </span>
              ) : null}
              <span className="w-6 pt-2 text-right text-sm text-ink-600 tabular-nums">{i + 1}</span>
              {/* Keyed by name and code: after a rename or a move the row shows what the server keeps. */}
              <OptionRow key={`${o.name}|${o.code}`} option={o} locked={locked} onSaved={(name) => {
                setStatus(`Значение «${name.trim()}» сохранено.`)
                router.refresh()
              }} />
              {canEdit ? <MoveButtons index={i} count={options.length} name={o.name} locked={locked} move={(f, t) => void move(f, t)} /> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-ink-600">Значений пока нет.</p>
      )}
      <p role="status" className="text-sm text-brand-700">
        {status}
      </p>
      {canEdit ? (
        <form key={formKey} onSubmit={add} noValidate aria-label="Новое значение" className="grid items-start gap-3 md:grid-cols-[1fr_12rem_auto]">
          <Field label="Новое значение" error={errors.name}>
            <TextInput name="name" invalid={Boolean(errors.name)} disabled={locked} />
          </Field>
          <Field label="Код значения" error={errors.code} hint="Латиница, цифры, «-», «_».">
            <TextInput name="code" className="font-mono" invalid={Boolean(errors.code)} disabled={locked} />
          </Field>
          <button type="submit" className={`${ui.button} md:mt-6`} disabled={locked}>
            Добавить значение
          </button>
        </form>
      ) : null}
      <FormOutcome error={formError(errors, ['name', 'code'])} />
    </section>
  )
}
