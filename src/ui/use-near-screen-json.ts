import { useEffect, useRef, useState, type RefObject } from 'react'

/** How far from the screen a block starts loading: it is there by the time the buyer scrolls to it. */
const LOAD_MARGIN = '600px 0px'

export interface NearScreenJson<T> {
  /** Put on the placeholder: loading starts when it nears the screen (a hidden one never does). */
  ref: RefObject<HTMLDivElement | null>
  data: T | null
  failed: boolean
  retry: () => void
}

/**
 * A block the server does not send (ADR 191): its JSON is asked for once, when the placeholder nears
 * the screen, and kept.
 */
export function useNearScreenJson<T>(url: string): NearScreenJson<T> {
  const ref = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  const [data, setData] = useState<T | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const el = ref.current
    if (!el || near) return
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setNear(true),
      { rootMargin: LOAD_MARGIN },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [near])

  useEffect(() => {
    if (!near || data) return
    const abort = new AbortController()
    fetch(url, { signal: abort.signal })
      .then((r) => (r.ok ? (r.json() as Promise<T>) : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then(setData)
      .catch(() => abort.signal.aborted || setFailed(true))
    return () => abort.abort()
  }, [near, data, url, attempt])

  const retry = () => {
    setFailed(false)
    setAttempt((n) => n + 1)
  }
  return { ref, data, failed, retry }
}
