'use client'

import { useEffect, useRef } from 'react'

/**
 * Marks the document `data-ready` once React has taken the page over: the root and every part that
 * hydrates later (`HydrateLater`). Storefront pages run their scripts after the first paint (ADR 215),
 * so the `load` event no longer means that buttons work; whatever must wait for working buttons (the
 * browser tests) waits for this mark instead.
 */
export function ReadyMark() {
  useEffect(() => {
    rootHydrated = true
    markIfAllHydrated()
  }, [])
  return null
}

/**
 * Sits inside a later-hydrated part. Its hidden span is in the server's HTML, so the root knows from
 * the document how many parts are still to come; its effect runs when its part has hydrated.
 */
export function LaterPartMark() {
  const span = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    if (span.current) hydratedParts.add(span.current)
    markIfAllHydrated()
  }, [])
  return <span hidden data-hydrate-later="" ref={span} />
}

let rootHydrated = false
const hydratedParts = new WeakSet<Element>()

function markIfAllHydrated(): void {
  if (!rootHydrated) return
  const parts = document.querySelectorAll('[data-hydrate-later]')
  if ([...parts].every((part) => hydratedParts.has(part))) document.documentElement.dataset.ready = ''
}
