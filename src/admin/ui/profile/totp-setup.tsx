'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, TextInput } from '../field'
import { ui } from '../styles'
import { useHydrated } from '@/ui/use-hydrated'

/** Scan or type the key, then prove it with one code: the secret is kept only after that. */
export function TotpSetup({ secret, qrSvg }: { secret: string; qrSvg: string }) {
  // Until React has hydrated, a submit would go out as a native form: the button waits.
  const hydrated = useHydrated()
  const router = useRouter()
  const [error, setError] = useState('')
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '')
    try {
      await adminFetch('POST', '/api/admin/profile/totp/', { secret, code })
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? (e.fields.code ?? e.message) : 'Не получилось.')
    }
  }
  return (
    <form onSubmit={submit} className={`${ui.card} flex flex-wrap gap-6 p-4`}>
      {/* The SVG is made on our server by the qrcode library from the otpauth URI; nothing outside goes in. */}
      <div className="size-44 shrink-0" aria-label="QR-код для приложения" role="img" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <div className="min-w-64 flex-1 space-y-3">
        <p className="text-sm text-ink-600">
          Отсканируйте код приложением-аутентификатором (Яндекс Ключ, Google Authenticator, 1Password) или введите ключ вручную:
        </p>
        <p className="font-mono text-sm break-all" data-totp-secret>
          {secret}
        </p>
        <Field label="Код из приложения" error={error}>
          <TextInput name="code" inputMode="numeric" maxLength={6} autoComplete="one-time-code" invalid={Boolean(error)} />
        </Field>
        <button type="submit" className={ui.button} disabled={!hydrated}>
          Включить
        </button>
      </div>
    </form>
  )
}
