'use client'

import { Link } from '@/ui/link'
import { useState, type FormEvent } from 'react'
import { AjaxCallError, postForm } from '@/lib/ajax-client'
import { ACCOUNT_MESSAGES as M, registerProblem, stripName } from '../account'
import { goOn } from './after-sign-in'
import { Notice, PasswordField, TextField, linkClass, primaryButton, useHydrated } from './fields'

type FieldName = 'name' | 'email' | 'password' | 'confirm'

/** Registration: name, e-mail, password, confirmation, subscribe checkbox (spec 2 and 5). */
export function RegisterForm({ backUrl, loginHref }: { backUrl: string | null; loginHref: string }) {
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [subscribe, setSubscribe] = useState(false)
  const [fieldError, setFieldError] = useState<{ field: FieldName; message: string } | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = registerProblem({ name, email, password, confirm })
    setFieldError(problem)
    setServerError(null)
    if (problem) return
    setBusy(true)
    try {
      await postForm('/ajax/register/', { EMAIL: email.trim(), PASS: password, NAME: name.trim(), IS_SUBSCRIBE: subscribe ? 'Y' : 'N' })
      goOn(backUrl ?? '/personal/')
    } catch (e) {
      // Registration failure: the server's error text (spec 8).
      setServerError(e instanceof AjaxCallError ? e.message : M.generic)
      setBusy(false)
    }
  }

  const errorOf = (field: FieldName) => (fieldError?.field === field ? fieldError.message : null)

  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Регистрация">
      <TextField label="Имя" name="NAME" autoComplete="given-name" value={name} onChange={(e) => setName(stripName(e.target.value))} error={errorOf('name')} maxLength={100} />
      <TextField label="E-mail" name="EMAIL" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errorOf('email')} maxLength={254} />
      <PasswordField label="Пароль" name="PASS" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errorOf('password')} maxLength={200} />
      <PasswordField label="Подтверждение пароля" name="CONFIRM_PASS" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errorOf('confirm')} maxLength={200} />
      <label className="flex items-start gap-2 text-sm text-ink-600">
        <input type="checkbox" name="IS_SUBSCRIBE" className="mt-0.5 h-4 w-4 accent-brand-500" checked={subscribe} onChange={(e) => setSubscribe(e.target.checked)} />
        Подписаться на новости и акции
      </label>
      {serverError ? <Notice kind="error">{serverError}</Notice> : null}
      <button type="submit" className={primaryButton} disabled={busy || !hydrated}>
        Зарегистрироваться
      </button>
      <p className="text-xs text-ink-600">
        Нажимая кнопку, вы соглашаетесь с{' '}
        <Link href="/about/politika_obrabotki/" className={linkClass}>
          политикой обработки персональных данных
        </Link>
        .
      </p>
      <p className="text-sm text-ink-600">
        Уже есть аккаунт?{' '}
        <Link href={loginHref} className={linkClass}>
          Войти
        </Link>
      </p>
    </form>
  )
}
