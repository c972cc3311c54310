'use client'

import { useState, type FormEvent } from 'react'
import { postForm } from '@/lib/ajax-client'
import { ACCOUNT_MESSAGES as M, changePasswordProblem } from '../account'
import { shownError } from './after-sign-in'
import { PasswordField, SaveRow, useHydrated } from './fields'

/** Current, new, repeat; one show/hide toggle for all three; the spec's four rules (section 5). */
export function ChangePasswordForm() {
  const [oldPassword, setOld] = useState('')
  const [newPassword, setNew] = useState('')
  const [repeat, setRepeat] = useState('')
  const [shown, setShown] = useState(false)
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = changePasswordProblem(oldPassword, newPassword, repeat)
    if (problem) return setResult({ kind: 'error', text: problem })
    setResult(null)
    setBusy(true)
    try {
      await postForm('/ajax/change-lk-password/', { oldPassword, newPassword })
      setResult({ kind: 'success', text: M.changeDone })
      setOld('')
      setNew('')
      setRepeat('')
    } catch (e) {
      const text = shownError(e)
      if (text) setResult({ kind: 'error', text })
    } finally {
      setBusy(false)
    }
  }

  const toggle = () => setShown((v) => !v)
  return (
    <form method="post" onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4" aria-label="Смена пароля">
      <PasswordField label="Текущий пароль" name="oldPassword" autoComplete="current-password" value={oldPassword} onChange={(e) => setOld(e.target.value)} shown={shown} onToggle={toggle} maxLength={200} />
      <PasswordField label="Новый пароль" name="newPassword" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} shown={shown} onToggle={toggle} maxLength={200} />
      <PasswordField label="Повторите новый пароль" name="repeatPassword" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} shown={shown} onToggle={toggle} maxLength={200} />
      <SaveRow result={result} disabled={busy || !hydrated} />
    </form>
  )
}
