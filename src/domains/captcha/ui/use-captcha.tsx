'use client'

import type {} from 'altcha/types/react'
import type { AltchaWidgetElement } from 'altcha/types/generic'
import { useCallback, useRef } from 'react'
import { CAPTCHA_ALGORITHM, CHALLENGE_PATH } from '../captcha'

let loading: Promise<void> | null = null

/** The widget is loaded only when a form is about to be sent, so product pages carry no captcha code. */
function loadAltcha(): Promise<void> {
  loading ??= import('altcha/external').then(() => {
    globalThis.$altcha.algorithms.set(CAPTCHA_ALGORITHM, () => new Worker(new URL('./altcha-worker.ts', import.meta.url)))
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
  const warm = useCallback(() => void loadAltcha(), [])
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
