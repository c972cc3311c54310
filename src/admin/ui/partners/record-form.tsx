'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, FormOutcome, TextInput } from '../field'
import { ui } from '../styles'

/**
 * One form for the content editors' plain records (ADR 202): partners, outlets, distributors, eco
 * points, webinars, recipes. Each field says how its value is read and sent; the server's Russian
 * refusals come back under their fields.
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'checkbox' | 'datetime' | 'lines' | 'ingredients'
export interface FieldSpec {
  name: string
  label: string
  kind?: FieldKind
  hint?: string
  /** Spans both columns. */
  wide?: boolean
  mono?: boolean
}
export type RecordValue =
  string | number | boolean | string[] | { name: string; weight: string; cal: number }[]

const MOSCOW_OFFSET = '+03:00'

/** An ISO instant as the datetime-local value in Moscow time (the shop's webinars are announced in it). */
function toMoscowLocal(iso: string): string {
  const date = new Date(new Date(iso).getTime() + 3 * 3600_000)
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16)
}

function initialText(spec: FieldSpec, value: RecordValue | undefined): string {
  if (value === undefined) return ''
  if (spec.kind === 'datetime') return toMoscowLocal(String(value))
  if (spec.kind === 'lines') return (value as string[]).join('\n')
  if (spec.kind === 'ingredients')
    return (value as { name: string; weight: string; cal: number }[])
      .map((i) => `${i.name}; ${i.weight}; ${i.cal}`)
      .join('\n')
  return String(value)
}

function read(spec: FieldSpec, f: FormData): RecordValue | null {
  const raw = String(f.get(spec.name) ?? '')
  switch (spec.kind) {
    case 'checkbox':
      return f.get(spec.name) === 'on'
    case 'number':
      return raw.trim() === '' ? null : Number(raw.replace(',', '.'))
    case 'datetime':
      return raw ? `${raw.length === 16 ? `${raw}:00` : raw}${MOSCOW_OFFSET}` : ''
    case 'lines':
      return raw
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
    case 'ingredients':
      return raw
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .map((l) => {
          const [name = '', weight = '', cal = ''] = l.split(';').map((p) => p.trim())
          return { name, weight, cal: Number(cal.replace(',', '.')) }
        })
    default:
      return raw
  }
}

export function RecordForm({
  label,
  fields,
  values,
  create,
  update,
  done,
  canEdit,
  submitLabel,
  extra,
}: {
  label: string
  fields: FieldSpec[]
  values?: Record<string, RecordValue>
  /** POST here for a new record, then go to done(id). */
  create?: string
  /** PATCH here to change one. */
  update?: string
  done?: string
  canEdit: boolean
  submitLabel?: string
  extra?: ReactNode
}) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body: Record<string, unknown> = {}
    for (const spec of fields) {
      const value = read(spec, f)
      if (value !== null) body[spec.name] = value
    }
    setErrors({})
    setSaved(false)
    setBusy(true)
    try {
      if (update) {
        await adminFetch('PATCH', update, body)
        setSaved(true)
        router.refresh()
      } else if (create) {
        const created = await adminFetch<{ id: number }>('POST', create, body)
        router.push(done ? done.replace('{id}', String(created.id)) : '.')
        router.refresh()
      }
    } catch (error) {
      setErrors(
        error instanceof AdminApiError
          ? { ...error.fields, form: error.message }
          : { form: 'Не получилось сохранить.' },
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className={`${ui.card} space-y-5 p-4 sm:p-6`} aria-label={label}>
      <fieldset disabled={busy || !canEdit} className="grid gap-4 md:grid-cols-2">
        {fields.map((spec) => {
          const error =
            errors[spec.name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${spec.name}.`))?.[1]
          const value = values?.[spec.name]
          if (spec.kind === 'checkbox')
            return (
              <label key={spec.name} className="flex items-center gap-2 text-sm md:col-span-2">
                <input type="checkbox" name={spec.name} defaultChecked={value === true} />
                <span className="font-medium">{spec.label}</span>
                {spec.hint ? <span className="text-ink-600">— {spec.hint}</span> : null}
              </label>
            )
          const area = spec.kind === 'textarea' || spec.kind === 'lines' || spec.kind === 'ingredients'
          return (
            <div key={spec.name} className={spec.wide || area ? 'md:col-span-2' : undefined}>
              <Field label={spec.label} error={error} hint={spec.hint}>
                {area ? (
                  <textarea
                    name={spec.name}
                    rows={spec.kind === 'textarea' ? 4 : 5}
                    defaultValue={initialText(spec, value)}
                    aria-invalid={error ? true : undefined}
                    className={`${ui.input} ${spec.mono ? 'font-mono text-xs' : ''}`}
                  />
                ) : (
                  <TextInput
                    name={spec.name}
                    type={spec.kind === 'datetime' ? 'datetime-local' : 'text'}
                    inputMode={spec.kind === 'number' ? 'decimal' : undefined}
                    defaultValue={initialText(spec, value)}
                    invalid={Boolean(error)}
                    className={spec.mono ? 'font-mono' : ''}
                  />
                )}
              </Field>
            </div>
          )
        })}
      </fieldset>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={ui.button} disabled={busy || !hydrated}>
            {submitLabel ?? (update ? 'Сохранить' : 'Создать')}
          </button>
          {extra}
          <FormOutcome saved={saved} error={errors.form} />
        </div>
      ) : null}
    </form>
  )
}
