'use client'

import { useEffect, useState } from 'react'
import { postForm } from '@/lib/ajax-client'
import { ACCOUNT_MESSAGES as M } from '../account'
import { Notice } from './fields'
import { goOn } from './after-sign-in'

const NETWORKS = [
  { code: 'vkontakte', label: 'ВКонтакте' },
  { code: 'yandex', label: 'Яндекс' },
  { code: 'mailru', label: 'Mail.ru' },
  { code: 'odnoklassniki', label: 'Одноклассники' },
] as const

/** Message the provider's window (via /auth/ulogin/) sends back to this page. */
export const ULOGIN_MESSAGE = 'vm-ulogin-token'

/**
 * Social login buttons, shown only when a provider is configured. A button opens the provider's
 * window; the token comes back through /auth/ulogin/ and goes to POST /ajax/ulogin/ as uToken;
 * on success the page reloads (spec 4).
 */
export function SocialLogin({ authUrl, backUrl }: { authUrl: string; backUrl: string | null }) {
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    async function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return
      const data = event.data as { type?: unknown; token?: unknown } | null
      if (!data || data.type !== ULOGIN_MESSAGE || typeof data.token !== 'string') return
      try {
        const answer = await postForm<{ status?: string }>('/ajax/ulogin/', { uToken: data.token })
        if (answer?.status === 'success') goOn(backUrl)
      } catch (e) {
        console.warn('social login failed', e)
        setError(M.socialFailed)
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [backUrl])

  function open(network: string) {
    const url = new URL(authUrl, window.location.origin)
    url.searchParams.set('name', network)
    url.searchParams.set('window', '1')
    url.searchParams.set('lang', 'ru')
    url.searchParams.set('fields', 'first_name,last_name,email')
    url.searchParams.set('redirect_uri', `${window.location.origin}/auth/ulogin/`)
    window.open(url.toString(), 'ulogin', 'width=560,height=640')
  }

  return (
    <div className="border-t border-line pt-4" data-slot="social-login">
      <p className="mb-2 text-sm text-ink-600">Войти через социальную сеть</p>
      <div className="flex flex-wrap gap-2">
        {NETWORKS.map((n) => (
          <button key={n.code} type="button" onClick={() => open(n.code)} className="rounded-lg border border-line px-3 py-2 text-sm hover:border-brand-500">
            {n.label}
          </button>
        ))}
      </div>
      {error ? <div className="mt-2"><Notice kind="error">{error}</Notice></div> : null}
    </div>
  )
}
