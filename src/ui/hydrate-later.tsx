'use client'

import { Activity, type ReactNode } from 'react'
import { LaterPartMark } from './ready-mark'

/**
 * Lets React hydrate these children in a pass of their own after the rest of the page, so the page's
 * start-up is split into shorter tasks and the first input is answered sooner (ADR 217). A visible
 * `<Activity>` is such a unit of hydration: React renders it in slices at a low priority and commits
 * it apart from the page around it. Unlike a `<Suspense>` boundary, its HTML stays where it is (React's
 * server sends a long page's completed boundaries at its end, to be moved in on the next frame).
 *
 * A click on a part not yet hydrated makes React hydrate that part first and then handle the click.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Activity mode="visible">
      {children}
      <LaterPartMark />
    </Activity>
  )
}
