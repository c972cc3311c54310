'use client'

import { useState, type FormEvent } from 'react'
import { Field, TextInput } from '../field'
import { ui } from '../styles'
import { useHydrated } from '@/ui/use-hydrated'

export function PasswordForm({ token }: { token: string }) {
  // Until React has hydrated, a submit would go out as a native form: the button waits.
  const hydrated = useHydrated()
  const [error, setError] = useState('')
  const [done, setDone] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const password = String(new FormData(event.currentTarget).get('password') ?? '')
    const response = await fetch('/api/admin/password/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password }),
    })
    const data = (await response.json().catch(() => ({}))) as { error?: string }
    if (response.ok) setDone(true)
    else setError(data.error ?? 'Не получилось. Попробуйте ещё раз.')
  }
  return (
    <form onSubmit={submit} className={`${ui.card} w-full max-w-sm space-y-4 p-6 shadow-sm`} noValidate>
      <h1 className="text-xl font-bold">Новый пароль</h1>
      {done ? (
        <p role="status" className="text-sm">
          Пароль сохранён. <a className={ui.link} href="/admin/login/">Войти</a>
        </p>
      ) : (
        <>
          <Field label="Пароль" error={error} hint="Не короче 10 символов.">
            <TextInput name="password" type="password" autoComplete="new-password" minLength={10} required invalid={Boolean(error)} />
          </Field>
          <button type="submit" className={`${ui.button} w-full`} disabled={!hydrated}>
            Сохранить пароль
          </button>
        </>
      )}
    </form>
  )
}
