import 'server-only'
import type { Db, Tx } from '@/db/client'
import { now } from '@/lib/clock'
import { testHook } from '@/lib/test-hooks'
import { clearAttempts, giveBackAttempt, takeAttempt, type ThrottlePolicy } from './account.db'

/**
 * Limits on password guessing and on actions that cost us (S3, S11). Checked before any password
 * hash is computed: a blocked key costs one cheap statement. Limits are per account (or e-mail) and
 * per IP; a normal buyer never reaches them.
 */
export const POLICIES = {
  loginAccount: { free: 5, windowSeconds: 3600, maxDelaySeconds: 900 },
  loginIp: { free: 30, windowSeconds: 3600, maxDelaySeconds: 900 },
  passwordCheck: { free: 5, windowSeconds: 3600, maxDelaySeconds: 900 },
  registerIp: { free: 10, windowSeconds: 3600, maxDelaySeconds: 3600, hard: true },
  recoveryEmail: { free: 3, windowSeconds: 3600, maxDelaySeconds: 3600, hard: true },
  recoveryIp: { free: 20, windowSeconds: 3600, maxDelaySeconds: 3600, hard: true },
} as const satisfies Record<string, ThrottlePolicy>

export type ThrottleKind = keyof typeof POLICIES

export function throttleKey(kind: ThrottleKind, subject: string | number): string {
  return `${kind}:${String(subject).slice(0, 300)}`
}

/** The negative control of the throttling tests switches the guard off. */
export const throttleGuard = testHook('account throttle', true)

/** Takes one attempt from each key, in order; false as soon as one is blocked. */
export async function allowAttempt(db: Db | Tx, keys: readonly [ThrottleKind, string | number][]): Promise<boolean> {
  if (!throttleGuard()) return true
  const at = now()
  for (const [kind, subject] of keys) {
    if (!(await takeAttempt(db, throttleKey(kind, subject), POLICIES[kind], at))) return false
  }
  return true
}

/** After a correct password: the account starts afresh, the shared IP counter gets its attempt back. */
export async function attemptSucceeded(db: Db | Tx, accountKey: [ThrottleKind, string | number], ipKey?: [ThrottleKind, string]): Promise<void> {
  await clearAttempts(db, throttleKey(...accountKey))
  if (ipKey) await giveBackAttempt(db, throttleKey(...ipKey))
}
