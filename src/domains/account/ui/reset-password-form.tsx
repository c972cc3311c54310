'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { postForm } from '@/lib/ajax-client'
import { ACCOUNT_MESSAGES as M, newPasswordProblem } from '../account'
import { shownError } from './after-sign-in'
import { Notice, PasswordField, primaryButton, useHydrated } from './fields'

/** The form behind a mailed link: a new password twice, then the visitor is signed in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()
  const router = useRouter()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = newPasswordProblem(password, confirm)
    if (problem) return setError(problem)
    setError(null)
    setBusy(true)
    try {
      const answer = await postForm<{ message?: string }>('/ajax/reset-password/', { token, PASS: password })
      setDone(answer?.message ?? M.passwordSet)
      window.setTimeout(() => {
        router.replace('/personal/')
        router.refresh()
      }, 1200)
    } catch (e) {
      setError(shownError(e) ?? M.generic)
      setBusy(false)
    }
  }

  if (done) return <Notice kind="success">{done}</Notice>
  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Задать новый пароль">
      <PasswordField label="Новый пароль" name="PASS" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={200} />
      <PasswordField label="Повторите пароль" name="CONFIRM_PASS" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} maxLength={200} />
      {error ? <Notice kind="error">{error}</Notice> : null}
      <button type="submit" className={primaryButton} disabled={busy || !hydrated}>
        Сохранить пароль
      </button>
    </form>
  )
}
