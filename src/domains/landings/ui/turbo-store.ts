'use client'

import { useSyncExternalStore } from 'react'
import type { TestAnswers, TurboStage } from '../turbo'

/**
 * The programme's shared state (spec §4: 'the stage and answers are kept in shared state'): the test
 * writes it, the steps tabs, footer tabs and the meal plan read it. Kept for the browser tab's session.
 */
export interface TurboState {
  stage: TurboStage
  answers: TestAnswers
  /** The test was submitted (the result section shows). */
  done: boolean
}

const KEY = 'vm-turbo'
const INITIAL: TurboState = { stage: 1, answers: {}, done: false }
let state: TurboState = INITIAL
let hydrated = false
const listeners = new Set<() => void>()

function hydrate() {
  if (hydrated || typeof window === 'undefined') return
  hydrated = true
  try {
    const raw = window.sessionStorage.getItem(KEY)
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<TurboState>
      if (parsed.stage === 1 || parsed.stage === 2 || parsed.stage === 3) state = { ...INITIAL, ...parsed, stage: parsed.stage }
    }
  } catch {
    // A blocked or corrupt storage only loses the remembered answers.
  }
}

export function setTurboState(patch: Partial<TurboState>): void {
  hydrate()
  state = { ...state, ...patch }
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(state))
  } catch {
    // See hydrate().
  }
  for (const l of listeners) l()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useTurboState(): TurboState {
  return useSyncExternalStore(
    subscribe,
    () => {
      hydrate()
      return state
    },
    () => INITIAL,
  )
}
