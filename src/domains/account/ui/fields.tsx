'use client'

import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'

/** Form pieces shared by the account's forms: labelled inputs, the show-password toggle, notices. */

export { useHydrated } from '@/ui/use-hydrated'

export const inputClass =
  'block w-full rounded-lg border border-line bg-white px-3 py-2.5 text-base text-ink-900 outline-none transition placeholder:text-ink-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 disabled:bg-surface disabled:text-ink-600 aria-[invalid=true]:border-sale-500'

export const primaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-6 py-2.5 text-base font-semibold text-white transition hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60'

export const linkClass = 'text-brand-700 underline decoration-brand-100 underline-offset-4 hover:text-brand-600 hover:decoration-brand-500'

export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string
  error?: string | null
  hint?: ReactNode
  children: (id: string, describedBy: string | undefined) => ReactNode
}) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-600">
        {label}
      </label>
      {children(id, describedBy)}
      {hint ? (
        <p id={hintId} className="text-xs text-ink-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-sale-500">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function TextField({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string | null; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => <input id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy} className={inputClass} {...input} />}
    </Field>
  )
}

/** A password input with the eye toggle of the spec ("show-password toggle"). */
export function PasswordField({
  label,
  error,
  shown: shownFromParent,
  onToggle,
  ...input
}: {
  label: string
  error?: string | null
  /** When several fields share one toggle (change password), the parent owns the state. */
  shown?: boolean
  onToggle?: () => void
} & InputHTMLAttributes<HTMLInputElement>) {
  const [ownShown, setOwnShown] = useState(false)
  const shown = shownFromParent ?? ownShown
  const toggle = onToggle ?? (() => setOwnShown((v) => !v))
  return (
    <Field label={label} error={error}>
      {(id, describedBy) => (
        <div className="relative">
          <input
            id={id}
            type={shown ? 'text' : 'password'}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy}
            className={`${inputClass} pr-12`}
            {...input}
          />
          <button
            type="button"
            onClick={toggle}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-ink-600 hover:text-brand-700"
            aria-label={shown ? 'Скрыть пароль' : 'Показать пароль'}
            aria-pressed={shown}
          >
            <EyeIcon crossed={shown} />
          </button>
        </div>
      )}
    </Field>
  )
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  )
}

export function Notice({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={kind === 'error' ? 'rounded-lg bg-red-50 px-3 py-2 text-sm text-sale-500' : 'rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-700'}
    >
      {children}
    </p>
  )
}

/** The end of an account form: what the last save answered, then 'Сохранить' (off until hydrated and while saving). */
export function SaveRow({ result, disabled }: { result: { kind: 'error' | 'success'; text: string } | null; disabled: boolean }) {
  return (
    <>
      {result ? <Notice kind={result.kind}>{result.text}</Notice> : null}
      <div>
        <button type="submit" className={primaryButton} disabled={disabled}>
          Сохранить
        </button>
      </div>
    </>
  )
}
