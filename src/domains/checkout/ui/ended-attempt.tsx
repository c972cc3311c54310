'use client'

import { useEffect } from 'react'
import { dropStoredCheckoutKey } from './checkout-client'

/**
 * On the checkout page with an empty basket: whatever attempt this tab kept is over (ADR 031), e.g. a
 * placed order whose answer was lost and the page reloaded. The next checkout gets a new key.
 */
export function EndedCheckoutAttempt() {
  useEffect(() => dropStoredCheckoutKey(), [])
  return null
}
