'use client'

import { Link } from '@/ui/link'
import { useEffect, useState } from 'react'
import { giveConsent, hasConsent } from '@/domains/analytics/consent'

/** Shown until the visitor presses OK; the consent cookie lasts a year (spec: consent cookie, 1 year). */
export function CookieBanner() {
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read after hydration: the HTML is cached for everyone and cannot know this visitor's cookie
    setVisible(!hasConsent())
  }, [])
  if (!visible) return null
  return (
    <div role="region" aria-label="Уведомление о cookie" className="fixed inset-x-2 bottom-2 z-50 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-md">
      <div className="flex items-center gap-3 rounded-xl border border-line bg-white p-4 text-sm shadow-lg">
        <p>
          Мы используем файлы cookie, чтобы сайт работал удобно.{' '}
          <Link href="/about/cookie/" className="text-brand-600 underline">
            Подробнее
          </Link>
        </p>
        <button
          type="button"
          className="shrink-0 rounded-lg bg-brand-500 px-4 py-2 font-semibold text-white hover:bg-brand-600"
          onClick={() => {
            giveConsent()
            setVisible(false)
          }}
        >
          OK
        </button>
      </div>
    </div>
  )
}
