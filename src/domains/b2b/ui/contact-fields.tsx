'use client'

import { PhoneInput } from '@/ui/phone-input'

const inputClass = (error: string | undefined) => `mt-1 h-11 w-full rounded-xl border bg-white px-3 ${error ? 'border-sale-500' : 'border-line'}`

export type ContactField = 'name' | 'phone' | 'email'
export type ContactValues = Record<ContactField, string>
export type ContactErrors = Partial<Record<ContactField, string>>

const WIRE: Record<string, ContactField> = { UF_NAME: 'name', UF_PHONE: 'phone', UF_EMAIL: 'email' }

/** The server's 400 answer `errors[]` mapped onto the form's fields. */
export function serverFieldErrors(body: unknown): ContactErrors {
  const out: ContactErrors = {}
  if (body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors)) {
    for (const e of body.errors as { field?: string; message?: string }[]) {
      const field = e.field ? WIRE[e.field] : undefined
      if (field && e.message && !out[field]) out[field] = e.message
    }
  }
  return out
}

export function TextField({
  label,
  name,
  value,
  error,
  onChange,
  type = 'text',
  required = false,
  autoComplete,
}: {
  label: string
  name: string
  value: string
  error?: string
  onChange: (v: string) => void
  type?: 'text' | 'email' | 'tel'
  required?: boolean
  autoComplete?: string
}) {
  return (
    <label className="block">
      <span className="text-sm text-ink-600">
        {label}
        {required && <span className="text-sale-500"> *</span>}
      </span>
      {type === 'tel' ? (
        <PhoneInput name={name} value={value} aria-invalid={Boolean(error)} onValueChange={onChange} className={inputClass(error)} />
      ) : (
        <input name={name} type={type} value={value} autoComplete={autoComplete} aria-invalid={Boolean(error)} onChange={(e) => onChange(e.target.value)} className={inputClass(error)} />
      )}
      {error && (
        <span className="mt-1 block text-sm text-sale-500" data-field-error={name}>
          {error}
        </span>
      )}
    </label>
  )
}

export function ContactFields({ values, errors, onChange }: { values: ContactValues; errors: ContactErrors; onChange: (field: ContactField, v: string) => void }) {
  return (
    <>
      <TextField label="Имя" name="UF_NAME" value={values.name} error={errors.name} onChange={(v) => onChange('name', v)} required autoComplete="name" />
      <TextField label="Телефон" name="UF_PHONE" type="tel" value={values.phone} error={errors.phone} onChange={(v) => onChange('phone', v)} required autoComplete="tel" />
      <TextField label="E-mail" name="UF_EMAIL" type="email" value={values.email} error={errors.email} onChange={(v) => onChange('email', v)} required autoComplete="email" />
    </>
  )
}
