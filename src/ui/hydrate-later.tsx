import { Suspense, type ReactNode } from 'react'
import { LaterPartMark } from './ready-mark'

/**
 * Lets React hydrate these children in a pass of their own after the rest of the page, so the page's
 * start-up is split into shorter tasks and the first input is answered sooner (ADR 217). The
 * boundary never suspends: it only marks a unit of hydration.
 *
 * Only for parts below the fold or in a hidden tab. On a page as long as a product's, React's server
 * sends a boundary's content after the rest of the page (still in the same response) and its inline
 * script puts it in place on the next animation frame.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {children}
      <LaterPartMark />
    </Suspense>
  )
}
