'use client'

import { useRouter } from 'next/navigation'
import { useId, useState, type FormEvent } from 'react'
import type { FieldKind } from '@/domains/settings/settings'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, FormOutcome, TextInput } from '../field'
import { ui } from '../styles'
import { useHydrated } from '@/ui/use-hydrated'

/** One setting as the page hands it to the form: its registry entry's words and its value now. */
export interface SettingCard {
  key: string
  label: string
  hint?: string
  fields: { name: string; label: string; kind: FieldKind; hint?: string }[]
  value: unknown
  /** undefined: not a stored setting (no line about it); '': the default is in use. */
  updatedAt?: string
}

const nameOf = (key: string, field: string) => (field ? `${key}.${field}` : key)

function shown(value: unknown, field: string, kind: FieldKind): string {
  const raw = field ? (value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined) : value
  if (raw === undefined || raw === null) return ''
  if ((kind === 'money' || kind === 'moneyOrNone') && typeof raw === 'number') return String(raw / 100).replace('.', ',')
  return String(raw)
}

/** What the form sends for one input; a value it cannot read goes as typed, so the server names the problem. */
function sent(kind: FieldKind, text: string, checked: boolean): unknown {
  const t = text.trim()
  if (kind === 'checkbox') return checked
  if (kind === 'moneyOrNone' && t === '') return null
  if (kind === 'money' || kind === 'moneyOrNone') return /^\d+([.,]\d{1,2})?$/.test(t) ? Math.round(Number(t.replace(',', '.')) * 100) : t
  if (kind === 'integer') return /^-?\d+$/.test(t) ? Number(t) : t
  return t
}

/**
 * One group of settings with its own save button. Only this group's settings are sent (PATCH
 * /api/admin/settings), each whole; the server keeps what did not change and audits the rest.
 */
export function SettingsGroupForm({ title, cards, canWrite }: { title: string; cards: SettingCard[]; canWrite: boolean }) {
  // Until React has hydrated, a submit would go out as a native form: the button waits.
  const hydrated = useHydrated()
  const router = useRouter()
  // The group's title has spaces and Cyrillic: an id made from it would not name the form.
  const headingId = useId()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const patch: Record<string, unknown> = {}
    for (const card of cards) {
      const read = (field: string, kind: FieldKind) => {
        const input = form.elements.namedItem(nameOf(card.key, field)) as HTMLInputElement | HTMLTextAreaElement | null
        return sent(kind, input?.value ?? '', input instanceof HTMLInputElement && input.checked)
      }
      if (card.fields.length === 1 && card.fields[0]!.name === '') {
        patch[card.key] = read('', card.fields[0]!.kind)
        continue
      }
      const value = Object.fromEntries(card.fields.map((f) => [f.name, read(f.name, f.kind)]))
      // An object of texts only, all left empty, means "none" (the holiday notice switched off).
      const none = card.fields.every((f) => f.kind !== 'checkbox' && value[f.name] === '')
      patch[card.key] = none ? null : value
    }
    setErrors({})
    setSaved(false)
    setBusy(true)
    try {
      await adminFetch('PATCH', '/api/admin/settings/', patch)
      setSaved(true)
      router.refresh()
    } catch (error) {
      setErrors(error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось сохранить.' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className={`${ui.card} p-4 sm:p-6`} aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      <fieldset disabled={!canWrite || busy} className="space-y-6">
        {cards.map((card) => (
          <section key={card.key} className="space-y-3">
            {cards.length > 1 ? <h3 className="font-semibold">{card.label}</h3> : null}
            {card.hint ? <p className="text-sm text-ink-600">{card.hint}</p> : null}
            {errors[card.key] && card.fields.some((f) => f.name !== '') ? (
              <p role="alert" className="text-sm text-sale-500">
                {errors[card.key]}
              </p>
            ) : null}
            <div className="grid gap-3 md:grid-cols-2">
              {card.fields.map((f) => {
                const name = nameOf(card.key, f.name)
                const error = f.name ? errors[name] : errors[card.key]
                const value = shown(card.value, f.name, f.kind)
                if (f.kind === 'checkbox') {
                  return (
                    <label key={name} className="flex items-start gap-2 text-sm md:col-span-2">
                      <input type="checkbox" name={name} defaultChecked={value === 'true'} className="mt-1" />
                      <span>
                        <span className="font-medium">{f.label}</span>
                        {f.hint ? <span className="block text-xs text-ink-600">{f.hint}</span> : null}
                      </span>
                    </label>
                  )
                }
                return (
                  <div key={name} className={f.kind === 'textarea' ? 'md:col-span-2' : undefined}>
                    <Field label={f.label} error={error} hint={f.hint}>
                      {f.kind === 'textarea' ? (
                        <textarea name={name} defaultValue={value} rows={2} aria-invalid={error ? true : undefined} className={ui.input} />
                      ) : (
                        <TextInput
                          name={name}
                          defaultValue={value}
                          type={f.kind === 'date' ? 'date' : f.kind === 'email' ? 'email' : 'text'}
                          inputMode={f.kind === 'money' || f.kind === 'moneyOrNone' ? 'decimal' : f.kind === 'integer' ? 'numeric' : undefined}
                          invalid={Boolean(error)}
                        />
                      )}
                    </Field>
                  </div>
                )
              })}
            </div>
            {card.updatedAt === undefined ? null : card.updatedAt ? (
              <p className="text-xs text-ink-600">Изменено {new Date(card.updatedAt).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })} (МСК)</p>
            ) : (
              <p className="text-xs text-ink-600">Действует значение по умолчанию.</p>
            )}
          </section>
        ))}
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {canWrite ? (
          <button type="submit" className={ui.button} disabled={busy || !hydrated}>
            Сохранить
          </button>
        ) : (
          <p className="text-sm text-ink-600">Изменять настройки может только владелец.</p>
        )}
        <FormOutcome saved={saved} error={errors.form} />
      </div>
    </form>
  )
}
