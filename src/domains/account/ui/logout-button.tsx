'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { postForm } from '@/lib/ajax-client'

export function LogoutButton({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false)
  const router = useRouter()
  async function logout() {
    setBusy(true)
    try {
      await postForm('/ajax/logout/', {})
    } catch (e) {
      console.warn('logout failed', e)
    }
    // The session cookie changed: re-render the server components with the guest's view.
    router.replace('/personal/')
    router.refresh()
  }
  return (
    <button type="button" onClick={logout} disabled={busy} className={className}>
      Выйти
    </button>
  )
}
