'use client'

import { useState } from 'react'
import { AjaxCallError, postForm } from '@/lib/ajax-client'

/**
 * The page behind a link from the confirmation mail. Opening it changes nothing (mail scanners open
 * links too); the button does.
 */
export function SubscriptionLink({ token, action }: { token: string; action: 'confirm' | 'unsubscribe' }) {
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function go() {
    setBusy(true)
    try {
      setMessage((await postForm<{ message: string }>('/ajax/subscribe/confirm/', { token, action })).message)
    } catch (e) {
      setMessage(e instanceof AjaxCallError ? e.message : 'Не получилось. Попробуйте позже.')
    } finally {
      setBusy(false)
    }
  }
  if (message) {
    return (
      <p role="status" className="text-lg font-semibold text-brand-700">
        {message}
      </p>
    )
  }
  return (
    <button type="button" onClick={go} disabled={busy || !token} className="rounded-full bg-brand-500 px-6 py-2.5 font-semibold text-white disabled:opacity-60">
      {action === 'confirm' ? 'Подтвердить подписку' : 'Отписаться от рассылки'}
    </button>
  )
}
