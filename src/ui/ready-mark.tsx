'use client'

import { useEffect } from 'react'

/**
 * Marks the document `data-ready` once React has taken the page over. Storefront pages run their
 * scripts after the first paint (ADR 215), so the `load` event no longer means that buttons work;
 * whatever must wait for working buttons (the browser tests) waits for this mark instead.
 */
export function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = ''
  }, [])
  return null
}
