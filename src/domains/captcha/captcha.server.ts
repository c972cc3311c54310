import 'server-only'
import { createHash, createHmac } from 'node:crypto'
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type { Db, Tx } from '@/db/client'
import { Refusal } from '@/lib/refusal'
import { now } from '@/lib/clock'
import { countsAsBuyerAddress } from '@/lib/client-ip'
import { env } from '@/lib/env'
import { testHook } from '@/lib/test-hooks'
import {
  CAPTCHA_ALGORITHM,
  CAPTCHA_MESSAGES,
  CHALLENGE_TTL_SECONDS,
  DEFAULT_DIFFICULTY,
  LIMITS,
  type Difficulty,
  type Limit,
  type LimitedAction,
} from './captcha'
import { claimChallenge, countHit, forgetExpiredChallenges } from './captcha.db'
import { parseCaptchaPayload } from './captcha.schema'

export interface CaptchaSettings {
  difficulty: Difficulty
  /** A token is accepted once. */
  replay: boolean
  /** Attempts per session and IP are counted (S11). */
  limits: boolean
}

/**
 * A lower difficulty keeps integration tests fast, and turning a guard off is the negative control
 * that proves the replay and limit tests can fail.
 */
export const captchaSettings = testHook<Readonly<CaptchaSettings>>('captcha', { difficulty: DEFAULT_DIFFICULTY, replay: true, limits: true })

/** Separate keys from the session secret, so a captcha signature can never pass as a sessid. */
function secret(purpose: string): string {
  return createHmac('sha256', env().SESSION_SECRET).update(`altcha:${purpose}`).digest('hex')
}

export async function issueChallenge(): Promise<Challenge> {
  const { difficulty } = captchaSettings()
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: difficulty.cost,
    counter: randomInt(difficulty.maxCounter, difficulty.minCounter),
    deriveKey,
    expiresAt: Math.floor(now().getTime() / 1000) + CHALLENGE_TTL_SECONDS,
    hmacSignatureSecret: secret('challenge'),
    hmacKeySignatureSecret: secret('key'),
  })
}

/** A token whose signature and proof of work hold; not yet claimed (claimCaptcha). */
export interface VerifiedCaptcha {
  readonly raw: string
  readonly nonce: string
  readonly expiresAt: Date
}

/**
 * S8, first half: checks the payload's signature and proof of work. No database: a use-case with
 * costly work (decoding photos) runs this before the work, so a request without a valid token costs
 * nothing.
 */
export async function verifyCaptcha(raw: string | undefined): Promise<VerifiedCaptcha> {
  const payload = parseCaptchaPayload(raw ?? '')
  if (!payload) throw new Refusal('invalid', raw ? CAPTCHA_MESSAGES.invalid : CAPTCHA_MESSAGES.missing, captchaBody(raw))
  if (payload.challenge.parameters.algorithm !== CAPTCHA_ALGORITHM) throw new Refusal('invalid', CAPTCHA_MESSAGES.invalid)
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: secret('challenge'),
    hmacKeySignatureSecret: secret('key'),
  }).catch(() => null)
  if (!result?.verified) throw new Refusal('invalid', CAPTCHA_MESSAGES.invalid, captchaBody(raw))
  const at = now()
  const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? at.getTime() / 1000 + CHALLENGE_TTL_SECONDS) * 1000)
  return { raw: raw ?? '', nonce: payload.challenge.parameters.nonce, expiresAt }
}

/**
 * S8, second half: records the token's challenge so the same token is refused the second time. Run it
 * in the transaction of the write it guards: a refused write leaves the token unused.
 */
export async function claimCaptcha(db: Db | Tx, token: VerifiedCaptcha): Promise<void> {
  if (!captchaSettings().replay) return
  if (!(await claimChallenge(db, token.nonce, token.expiresAt))) {
    throw new Refusal('invalid', CAPTCHA_MESSAGES.replayed, captchaBody(token.raw, true))
  }
  // Housekeeping now and then, not on every call.
  if (Math.random() < 0.02) await forgetExpiredChallenges(db, now())
}

/** Both halves at once, for writes with nothing costly before them. */
export async function consumeCaptcha(db: Db | Tx, raw: string | undefined): Promise<void> {
  await claimCaptcha(db, await verifyCaptcha(raw))
}

function captchaBody(raw: string | undefined, replayed = false) {
  return {
    error: replayed ? CAPTCHA_MESSAGES.replayed : raw ? CAPTCHA_MESSAGES.invalid : CAPTCHA_MESSAGES.missing,
    captcha: true,
  }
}

/**
 * S11: counts one attempt of `action` for the session and for the buyer's address; over either limit
 * the call is refused with 429 before anything is written.
 */
export async function enforceLimits(
  db: Db,
  action: LimitedAction,
  who: { sessionId: string; ip: string },
): Promise<void> {
  if (!captchaSettings().limits) return
  const at = now()
  const limits = LIMITS[action]
  const checks: Promise<boolean>[] = []
  if (who.sessionId) {
    const key = `${action}:s:${createHash('sha256').update(who.sessionId).digest('hex').slice(0, 32)}`
    checks.push(countHit(db, key, at, limits.session.windowSeconds).then((n) => n > limits.session.max))
  }
  // Only a buyer's own address is counted: the proxy's or 'unknown' would be the whole shop's (ADR 154).
  if (countsAsBuyerAddress(who.ip)) {
    checks.push(countHit(db, `${action}:ip:${who.ip}`, at, limits.ip.windowSeconds).then((n) => n > limits.ip.max))
  }
  if ((await Promise.all(checks)).some(Boolean)) throw new Refusal('limited', CAPTCHA_MESSAGES.limited)
}

/**
 * One hit on a form-limit counter kept by another domain (the checkout's order and coupon limits,
 * ADR 154); true while the count, this hit included, is within `limit.max`. In a transaction the hit
 * is undone with it.
 */
export async function hitLimit(db: Db | Tx, key: string, limit: Limit, at: Date): Promise<boolean> {
  return (await countHit(db, key, at, limit.windowSeconds)) <= limit.max
}
