'use client'

import type {} from 'altcha/types/react'
import type { AltchaWidgetElement } from 'altcha/types/generic'
import { useCallback, useRef } from 'react'
import { CHALLENGE_PATH } from '../captcha'

let loading: Promise<unknown> | null = null

/**
 * The widget is loaded when a form gets focus or is sent, never with the page: it is about 30 KB
 * gzip, and the newsletter form sits in every page's footer.
 */
function loadAltcha(): Promise<unknown> {
  loading ??= import('./altcha-setup').catch((error: unknown) => {
    // A failed download (a flaky connection) may be retried by the next focus or submit.
    loading = null
    throw error
  })
  return loading
}

/**
 * Self-hosted ALTCHA proof of work, invisible like the reCAPTCHA it replaces: render `captcha` inside
 * the form, call `token()` on submit and send the answer as `RecapToken` / `token`. Each token is
 * accepted once by the server, so every submit solves a fresh challenge.
 */
export function useCaptcha() {
  const ref = useRef<AltchaWidgetElement | null>(null)
  // Warming is a head start only; a failure surfaces (and is retried) at submit.
  const warm = useCallback(() => void loadAltcha().catch(() => undefined), [])
  const token = useCallback(async (): Promise<string> => {
    await loadAltcha()
    await customElements.whenDefined('altcha-widget')
    const widget = ref.current
    if (!widget) throw new Error('captcha widget is not mounted')
    widget.reset()
    const result = await widget.verify()
    if (!result?.payload) throw new Error('captcha not solved')
    return result.payload
  }, [])
  const captcha = (
    <altcha-widget
      ref={(el: HTMLElement | null) => {
        ref.current = el as AltchaWidgetElement | null
      }}
      challenge={CHALLENGE_PATH}
      display="invisible"
      auto="off"
      name="altcha"
      hidden
      suppressHydrationWarning
    />
  )
  return { captcha, token, warm }
}
