import 'server-only'
import { db } from '@/db/client'
import { invalidateTag, onInvalidate } from '@/lib/cache'
import { now } from '@/lib/clock'
import { logger } from '@/lib/logger'
import { selectNextPublication } from './content.db'

/**
 * Scheduled publication (ADR 208). An article or news item published with a later date stays out of
 * buyers' lists and pages until that moment; the lists are cached (the data cache and the full-page
 * cache, ADR 005, 161), and nothing is written at that moment to announce it. So each server process
 * keeps one timer set for the next scheduled date and, when it comes, drops the 'content' entries of
 * its own caches (which also empties its page cache), as a write would: the next request reads the
 * item. Local on purpose: every instance runs its own timer, so no one has to tell the others.
 *
 * The timer is set again after every change of content this process hears (its own writes and
 * other instances' through the change feed, ADR 160): a write may have scheduled something sooner.
 */
export interface Timers {
  set(ms: number, fire: () => void): unknown
  clear(handle: unknown): void
}

export interface PublicationTimerDeps {
  /** The earliest scheduled date after `at`, or null. */
  nextAt(at: Date): Promise<Date | null>
  now(): Date
  /** Drops buyers' cached content. */
  announce(): void
  timers: Timers
  /** Hears every invalidated tag (null: everything); answers the unsubscribe. */
  subscribe(listener: (tag: string | null) => void): () => void
}

/**
 * Even with nothing scheduled the timer looks again this often: a change missed while the change
 * feed was down is found, and setTimeout's own limit (~24.8 days) is never reached.
 */
export const LONGEST_WAIT_MS = 60 * 60 * 1000
/** After a failed look (the database away), the next one. */
export const RETRY_MS = 60 * 1000

export interface PublicationTimer {
  /** The date the timer is set for (null: none scheduled); for tests and logs. */
  planned(): Date | null
  /** Looks for the next date again and sets the timer; resolves once set. */
  rearm(): Promise<void>
  stop(): void
}

export function publicationTimer(deps: PublicationTimerDeps): PublicationTimer {
  let handle: unknown
  let planned: Date | null = null
  let stopped = false
  // The latest look wins: an older one that answers late must not set the timer back, and its caller
  // waits for the latest instead, so that «resolves once set» holds for every caller.
  let looks = 0
  let latest: Promise<void> = Promise.resolve()

  const setTimer = (ms: number) => {
    if (handle !== undefined) deps.timers.clear(handle)
    handle = deps.timers.set(ms, fire)
  }

  const lookAgain = async (look: number): Promise<void> => {
    let next: Date | null
    try {
      next = await deps.nextAt(deps.now())
    } catch (error) {
      if (stopped) return
      if (look !== looks) return latest
      logger.warn({ err: error }, 'scheduled publications: cannot read the next date, trying again later')
      planned = null
      setTimer(RETRY_MS)
      return
    }
    if (stopped) return
    if (look !== looks) return latest
    planned = next
    const wait = next ? next.getTime() - deps.now().getTime() : LONGEST_WAIT_MS
    setTimer(Math.min(Math.max(wait, 0), LONGEST_WAIT_MS))
  }

  const rearm = (): Promise<void> => {
    latest = lookAgain(++looks)
    return latest
  }

  function fire() {
    handle = undefined
    if (stopped) return
    // A timer may fire a little early, or be the long wait's look: announce only a date that has come.
    if (planned && planned.getTime() <= deps.now().getTime()) deps.announce()
    void rearm()
  }

  const unsubscribe = deps.subscribe((tag) => {
    if (tag === null || tag === 'content') void rearm()
  })

  return {
    planned: () => planned,
    rearm,
    stop() {
      stopped = true
      unsubscribe()
      if (handle !== undefined) deps.timers.clear(handle)
      handle = undefined
    },
  }
}

const nodeTimers: Timers = {
  set: (ms, fire) => setTimeout(fire, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

/** The process's timer, started once by the server's start-up (src/instrumentation.ts). */
export function startPublicationTimer(): PublicationTimer {
  const timer = publicationTimer({
    nextAt: (at) => selectNextPublication(db(), at),
    now,
    announce: () => invalidateTag('content'),
    timers: nodeTimers,
    subscribe: onInvalidate,
  })
  void timer.rearm()
  return timer
}
