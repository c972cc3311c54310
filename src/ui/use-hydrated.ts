import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False during the server render and until React has hydrated: controls that only work through
 * script (submit buttons, a select that switches the view) stay disabled until then, so an early
 * click or choice is never lost or sent as a native form.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false)
}
