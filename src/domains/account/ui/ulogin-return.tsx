'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { postForm } from '@/lib/ajax-client'
import { ACCOUNT_MESSAGES as M } from '../account'
import { ULOGIN_MESSAGE } from './social-login'

/**
 * Runs in the provider's window after it returns: passes the token to the page that opened the
 * window, or, when opened directly, posts it itself and goes to the account.
 */
export function UloginReturn({ token }: { token: string }) {
  const [failed, setFailed] = useState(false)
  const router = useRouter()
  useEffect(() => {
    if (!token) return
    if (window.opener && window.opener !== window) {
      ;(window.opener as Window).postMessage({ type: ULOGIN_MESSAGE, token }, window.location.origin)
      window.close()
      return
    }
    postForm<{ status?: string }>('/ajax/ulogin/', { uToken: token })
      .then(() => {
        router.replace('/personal/')
        router.refresh()
      })
      .catch(() => setFailed(true))
  }, [token, router])
  return <p role="status">{!token || failed ? M.socialFailed : 'Выполняем вход…'}</p>
}
