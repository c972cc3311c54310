'use client'

import { useState, type FormEvent } from 'react'
import { AdminApiError, adminFetch } from '../api-client'
import { ui } from '../styles'
import { useHydrated } from '@/ui/use-hydrated'

export function NotificationChoice({ events, chosen }: { events: { key: string; label: string }[]; chosen: string[] }) {
  // Until React has hydrated, a submit would go out as a native form: the button waits.
  const hydrated = useHydrated()
  const [status, setStatus] = useState('')
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const picked = new FormData(event.currentTarget).getAll('events').map(String)
    try {
      await adminFetch('POST', '/api/admin/profile/notifications/', { events: picked })
      setStatus('Сохранено.')
    } catch (error) {
      setStatus(error instanceof AdminApiError ? error.message : 'Не получилось.')
    }
  }
  return (
    <form onSubmit={submit} className={`${ui.card} space-y-2 p-4`}>
      {events.map((e) => (
        <label key={e.key} className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="events" value={e.key} defaultChecked={chosen.includes(e.key)} />
          {e.label}
        </label>
      ))}
      <div className="flex items-center gap-3 pt-2">
        <button type="submit" className={ui.button} disabled={!hydrated}>
          Сохранить
        </button>
        <span role="status" className="text-sm text-ink-600">
          {status}
        </span>
      </div>
    </form>
  )
}
