'use client'

import { useEffect, type RefObject } from 'react'

/** Closes a popup on a click outside `root` or on Escape (then focus goes back to `trigger`). */
export function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, trigger: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (root.current && e.target instanceof Node && !root.current.contains(e.target)) close()
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      close()
      trigger.current?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open, root, trigger, close])
}
