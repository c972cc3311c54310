import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react'
import { ui } from './styles'

/** A labelled input with its error under it; the error is tied to the input for screen readers. */
export function Field({ label, error, hint, children }: { label: string; error?: string | undefined; hint?: ReactNode; children?: ReactNode }) {
  return (
    <label className="block">
      <span className={ui.label}>{label}</span>
      {children}
      {hint && !error ? <span className="mt-1 block text-xs text-ink-600">{hint}</span> : null}
      {error ? (
        <span role="alert" className="mt-1 block text-xs text-sale-500">
          {error}
        </span>
      ) : null}
    </label>
  )
}

/** A labelled text box bound to a string: an input, or a textarea of `rows` lines. */
export function TextField({ label, error, value, onChange, rows, placeholder }: { label: string; error?: string | undefined; value: string; onChange: (value: string) => void; rows?: number; placeholder?: string }) {
  const box = {
    value,
    placeholder,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
    className: ui.input,
    'aria-invalid': error ? true : undefined,
  }
  return <Field label={label} error={error}>{rows ? <textarea rows={rows} {...box} /> : <input {...box} />}</Field>
}

export function TextInput({ invalid, ...props }: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }) {
  return <input {...props} aria-invalid={invalid ? true : undefined} className={`${ui.input} ${props.className ?? ''}`} />
}

/** What a form or an action says beside its button after a submit: «Сохранено.», or a refusal no field owns. */
export function FormOutcome({ saved = false, error, small = false }: { saved?: boolean; error?: string | undefined; small?: boolean }) {
  const size = small ? 'text-xs' : 'text-sm'
  return (
    <>
      {saved ? (
        <span role="status" className={`${size} text-brand-700`}>
          Сохранено.
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="text-sm text-sale-500">
          {error}
        </span>
      ) : null}
    </>
  )
}
