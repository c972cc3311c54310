/** How long a session lives (ADR 131): idle since its last use, and at most since sign-in. */
export interface SessionLifetimes {
  idleMs: number
  maxMs: number
}

const DAY_MS = 24 * 3600_000

export function lifetimes(settings: { SESSION_IDLE_DAYS: number; SESSION_MAX_DAYS: number }): SessionLifetimes {
  return { idleMs: settings.SESSION_IDLE_DAYS * DAY_MS, maxMs: settings.SESSION_MAX_DAYS * DAY_MS }
}

export function isExpired(row: { createdAt: Date; lastSeenAt: Date }, at: Date, life: SessionLifetimes): boolean {
  return at.getTime() - row.lastSeenAt.getTime() > life.idleMs || at.getTime() - row.createdAt.getTime() > life.maxMs
}

/** Reading a session writes its last use at most this often, so browsing costs no write per request. */
export const TOUCH_EVERY_MS = 3600_000

export function needsTouch(lastSeenAt: Date, at: Date): boolean {
  return at.getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS
}
