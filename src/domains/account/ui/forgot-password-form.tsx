'use client'

import { Link } from '@/ui/link'
import { useState, type FormEvent } from 'react'
import { postForm } from '@/lib/ajax-client'
import { ACCOUNT_MESSAGES as M, isValidEmail } from '../account'
import { shownError } from './after-sign-in'
import { Notice, TextField, linkClass, primaryButton, useHydrated } from './fields'

/** /personal/?forgot_password=yes: asks for the e-mail; the answer never tells whether it is registered. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!isValidEmail(email.trim())) return setError(M.email)
    setError(null)
    setBusy(true)
    try {
      const answer = await postForm<{ message?: string }>('/ajax/forgot-password/', { EMAIL: email.trim() })
      setDone(answer?.message ?? M.recoverySent)
    } catch (e) {
      setError(shownError(e) ?? M.generic)
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <Notice kind="success">{done}</Notice>
        <Link href="/personal/" className={linkClass}>
          Вернуться ко входу
        </Link>
      </div>
    )
  }
  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Восстановление пароля">
      <p className="text-sm text-ink-600">Укажите e-mail, с которым вы регистрировались. Мы пришлём ссылку для смены пароля.</p>
      <TextField label="E-mail" name="EMAIL" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} maxLength={254} />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={primaryButton} disabled={busy || !hydrated}>
          Восстановить пароль
        </button>
        <Link href="/personal/" className={`${linkClass} text-sm`}>
          Я вспомнил пароль
        </Link>
      </div>
    </form>
  )
}
