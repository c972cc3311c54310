'use client'

import { Link } from '@/ui/link'
import { useState, type FormEvent } from 'react'
import { postForm } from '@/lib/ajax-client'
import { loginFormProblem } from '../account'
import { goOn, loginErrorText } from './after-sign-in'
import { Notice, PasswordField, TextField, linkClass, primaryButton, useHydrated } from './fields'
import { SocialLogin } from './social-login'

export function LoginForm({
  backUrl,
  registerHref,
  socialAuthUrl,
}: {
  backUrl: string | null
  registerHref: string
  socialAuthUrl: string | null
}) {
  const [login, setLogin] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = loginFormProblem(login, password)
    if (problem) return setError(problem)
    setError(null)
    setBusy(true)
    try {
      await postForm('/ajax/auth/', { LOGIN_OR_EMAIL: login.trim(), PASS: password })
      goOn(backUrl)
    } catch (e) {
      setError(loginErrorText(e))
      setBusy(false)
    }
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Вход">
      <TextField label="E-mail" name="LOGIN_OR_EMAIL" type="email" autoComplete="username" value={login} onChange={(e) => setLogin(e.target.value)} maxLength={254} />
      <PasswordField label="Пароль" name="PASS" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={200} />
      {error ? <Notice kind="error">{error}</Notice> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="submit" className={primaryButton} disabled={busy || !hydrated}>
          Войти
        </button>
        <Link href="/personal/?forgot_password=yes" className={`${linkClass} text-sm`}>
          Забыли пароль?
        </Link>
      </div>
      <p className="text-sm text-ink-600">
        Нет аккаунта?{' '}
        <Link href={registerHref} className={linkClass}>
          Зарегистрироваться
        </Link>
      </p>
      {socialAuthUrl ? <SocialLogin authUrl={socialAuthUrl} backUrl={backUrl} /> : null}
    </form>
  )
}
