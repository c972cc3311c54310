'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useRef } from 'react'
import { hasConsent, onConsent } from '../consent'
import type { CounterSettings } from '../counters'
import { METRIKA_CONTAINER } from '../metrika'

type YmCall = (id: number, method: string, ...args: unknown[]) => void

declare global {
  interface Window {
    ym?: YmCall & { a?: unknown[][]; l?: number }
  }
}

/** The nonce lets GTM hand it on to the tags it injects; the loader itself runs by 'strict-dynamic'. */
function addScript(src: string, nonce: string): void {
  const script = document.createElement('script')
  script.async = true
  if (nonce) script.nonce = nonce
  script.src = src
  document.head.appendChild(script)
}

/**
 * Metrika's own loader, in our words: `ym` queues calls until tag.js replaces it and replays them; the
 * init names the e-commerce container, which already holds every event pushed so far.
 */
function loadMetrika(id: string, scriptUrl: string, nonce: string): void {
  if (window.ym) return
  window.ymDataLayer = window.ymDataLayer ?? []
  const queue: unknown[][] = []
  const ym = Object.assign((...args: unknown[]) => void queue.push(args), { a: queue, l: Date.now() })
  window.ym = ym
  ym(Number(id), 'init', { ecommerce: METRIKA_CONTAINER, clickmap: true, trackLinks: true, accurateTrackBounce: true })
  addScript(scriptUrl, nonce)
}

/** GTM's loader: the gtm.js start event, then the container script, which reads window.dataLayer as it is. */
function loadGtm(id: string, scriptUrl: string, nonce: string): void {
  window.dataLayer = window.dataLayer ?? []
  if (window.dataLayer.some((e) => e.event === 'gtm.js')) return
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  const url = new URL(scriptUrl, window.location.href)
  url.searchParams.set('id', id)
  addScript(url.toString(), nonce)
}

/**
 * Loads the configured counters once the visitor has accepted cookies (at once when the cookie is
 * already there, otherwise when the banner's OK is pressed), and reports client-side navigations to
 * Metrika as page views (its init counts only the first page).
 */
export function AnalyticsCounters({ metrika, gtm, nonce }: CounterSettings & { nonce: string }) {
  const pathname = usePathname()
  const lastUrl = useRef<string | null>(null)
  // Plain strings, so that a re-rendered layout with equal settings does not start anything again.
  const [metrikaId, metrikaUrl, gtmId, gtmUrl] = [metrika?.id, metrika?.scriptUrl, gtm?.id, gtm?.scriptUrl]

  useEffect(() => {
    if (!metrikaId && !gtmId) return
    const start = () => {
      lastUrl.current = window.location.href
      if (metrikaId && metrikaUrl) loadMetrika(metrikaId, metrikaUrl, nonce)
      if (gtmId && gtmUrl) loadGtm(gtmId, gtmUrl, nonce)
    }
    if (hasConsent()) start()
    else return onConsent(start)
  }, [metrikaId, metrikaUrl, gtmId, gtmUrl, nonce])

  useEffect(() => {
    const previous = lastUrl.current
    if (!metrikaId || previous === null || !window.ym || previous === window.location.href) return
    lastUrl.current = window.location.href
    window.ym(Number(metrikaId), 'hit', window.location.href, { referer: previous })
  }, [pathname, metrikaId])

  return null
}
