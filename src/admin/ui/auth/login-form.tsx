'use client'

import { useState, type FormEvent } from 'react'
import { Field, TextInput } from '../field'
import { ui } from '../styles'
import { useHydrated } from '@/ui/use-hydrated'

type Stage = 'password' | 'code' | 'reset' | 'reset-sent'

/** Password first; a member with the second factor then types the code from the app. */
export function LoginForm({ next }: { next: string }) {
  // Until React has hydrated, a submit would go out as a native form: the button waits.
  const hydrated = useHydrated()
  const [stage, setStage] = useState<Stage>('password')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? '')
    setBusy(true)
    setError('')
    try {
      const reset = stage === 'reset'
      const response = await fetch(reset ? '/api/admin/password/reset/' : '/api/admin/session/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(reset ? { email: value('email') } : { email: value('email'), password: value('password'), code: stage === 'code' ? value('code') : undefined }),
      })
      const data = (await response.json().catch(() => ({}))) as { status?: string; error?: string; message?: string }
      if (!response.ok) return setError(data.error ?? 'Не получилось войти. Попробуйте ещё раз.')
      if (reset) {
        setMessage(data.message ?? '')
        return setStage('reset-sent')
      }
      if (data.status === 'code-needed') return setStage('code')
      window.location.assign(next)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className={`${ui.card} w-full max-w-sm space-y-4 p-6 shadow-sm`} noValidate>
      <h1 className="text-xl font-bold">{stage === 'reset' || stage === 'reset-sent' ? 'Смена пароля' : 'Вход в панель управления'}</h1>
      {stage === 'reset-sent' ? (
        <p role="status" className="text-sm text-ink-600">
          {message}
        </p>
      ) : (
        <>
          <div className={stage === 'code' ? 'hidden' : 'space-y-4'}>
            <Field label="E-mail">
              <TextInput name="email" type="email" autoComplete="username" required />
            </Field>
            {stage === 'reset' ? null : (
              <Field label="Пароль">
                <TextInput name="password" type="password" autoComplete="current-password" required />
              </Field>
            )}
          </div>
          {stage === 'code' ? (
            <Field label="Код из приложения" hint="Шесть цифр из приложения-аутентификатора.">
              <TextInput name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required autoFocus />
            </Field>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-sale-500">
              {error}
            </p>
          ) : null}
          <button type="submit" className={`${ui.button} w-full`} disabled={busy || !hydrated}>
            {stage === 'reset' ? 'Прислать ссылку' : 'Войти'}
          </button>
        </>
      )}
      {stage === 'password' ? (
        <button type="button" className="text-sm text-brand-600 hover:underline" onClick={() => setStage('reset')}>
          Забыли пароль?
        </button>
      ) : null}
    </form>
  )
}
