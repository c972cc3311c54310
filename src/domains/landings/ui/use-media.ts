'use client'

import { useSyncExternalStore } from 'react'

/** Phones: below the 768 px breakpoint. The server renders the desktop variant. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const mq = window.matchMedia('(max-width: 767px)')
      mq.addEventListener('change', listener)
      return () => mq.removeEventListener('change', listener)
    },
    () => window.matchMedia('(max-width: 767px)').matches,
    () => false,
  )
}
