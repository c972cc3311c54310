/**
 * The visitor's cookie consent (spec: the banner's OK sets a cookie for a year). Analytics counters
 * load only once it is given; the banner announces it in the page so they need no reload.
 */
export const CONSENT_COOKIE = 'cookie_consent'
const ONE_YEAR = 60 * 60 * 24 * 365
const CONSENT_EVENT = 'vm:cookie-consent'

export function hasConsent(): boolean {
  return typeof document !== 'undefined' && document.cookie.split('; ').some((c) => c.startsWith(`${CONSENT_COOKIE}=`))
}

export function giveConsent(): void {
  document.cookie = `${CONSENT_COOKIE}=Y; path=/; max-age=${ONE_YEAR}; samesite=lax`
  window.dispatchEvent(new Event(CONSENT_EVENT))
}

/** Runs `then` once consent is given in this page; returns the unsubscribe. */
export function onConsent(then: () => void): () => void {
  window.addEventListener(CONSENT_EVENT, then, { once: true })
  return () => window.removeEventListener(CONSENT_EVENT, then)
}
