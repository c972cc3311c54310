'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'

const STORAGE_KEY = 'vm_health_professional'

/**
 * The health-professional gate: content for medical specialists asks first. 'Да' closes it (and is
 * remembered for the browser tab's session, ADR 073); 'Нет' goes back in history, or home when there
 * is no page to go back to. There is no server check: it is a self-declaration, as in the spec.
 */
export function HealthProfessionalGate() {
  const [open, setOpen] = useState(false)
  const router = useRouter()

  useEffect(() => {
    let confirmed = false
    try {
      confirmed = sessionStorage.getItem(STORAGE_KEY) === 'Y'
    } catch {
      // Storage can be blocked; then the question is asked each time.
    }
    if (confirmed) return
    const frame = requestAnimationFrame(() => setOpen(true))
    return () => cancelAnimationFrame(frame)
  }, [])

  useEffect(() => {
    if (!open) return
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [open])

  if (!open) return null

  const yes = () => {
    try {
      sessionStorage.setItem(STORAGE_KEY, 'Y')
    } catch {
      // See above.
    }
    setOpen(false)
  }
  const no = () => {
    if (window.history.length > 1) window.history.back()
    else router.push('/')
  }

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-ink-900/70 p-4" data-health-gate="">
      <div role="alertdialog" aria-modal="true" aria-labelledby="health-gate-title" aria-describedby="health-gate-text" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <h2 id="health-gate-title" className="text-xl font-bold">
          Информация для специалистов
        </h2>
        <p id="health-gate-text" className="mt-3 text-ink-600">
          Материалы этого раздела предназначены для медицинских и фармацевтических работников. Вы являетесь квалифицированным медицинским специалистом?
        </p>
        <div className="mt-6 flex gap-3">
          <button type="button" autoFocus onClick={yes} className="h-11 flex-1 rounded-lg bg-brand-500 font-semibold text-white hover:bg-brand-600">
            Да
          </button>
          <button type="button" onClick={no} className="h-11 flex-1 rounded-lg border border-line font-semibold hover:bg-surface">
            Нет
          </button>
        </div>
      </div>
    </div>
  )
}
