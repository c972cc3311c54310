import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { POST as registerPost } from '@/app/ajax/register/route'
import * as hashing from '@/domains/account/password-hash.server'
import { newVisitor } from '../support/http'
import { GOOD_PASSWORD, call, freshIp, loggedIn, registered, uniqueEmail } from './kit'
import { reloadEnv, setClock, setThrottleEnabled } from '../support/test-hooks'

/**
 * S3: password guessing is slowed per account and per IP BEFORE any hash is computed; the answers
 * do not tell an unknown account from a wrong password. Time is moved with the clock, never slept.
 */
vi.mock('@/domains/account/password-hash.server', async (importOriginal) => {
  const real = await importOriginal<typeof hashing>()
  return { ...real, verifyPassword: vi.fn(real.verifyPassword), verifyAgainstDummy: vi.fn(real.verifyAgainstDummy) }
})

const hashChecks = () => vi.mocked(hashing.verifyPassword).mock.calls.length + vi.mocked(hashing.verifyAgainstDummy).mock.calls.length

let clock = new Date('2026-03-01T10:00:00Z').getTime()
const advance = (seconds: number) => (clock += seconds * 1000)

beforeEach(() => {
  setClock(() => new Date(clock))
  vi.mocked(hashing.verifyPassword).mockClear()
  vi.mocked(hashing.verifyAgainstDummy).mockClear()
})
afterEach(() => {
  setClock(null)
  setThrottleEnabled(true)
  vi.unstubAllEnvs()
  reloadEnv()
  advance(7200)
})

/** `count` wrong guesses at one account, `parallel` at a time; returns the statuses seen. */
async function guess(email: string, count: number, parallel: number, ip?: string): Promise<number[]> {
  const statuses: number[] = []
  for (let done = 0; done < count; done += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - done) }, () => loggedIn(email, 'wrong-guess-123', newVisitor(), ip ?? freshIp()))
    for (const { answer } of await Promise.all(batch)) statuses.push(answer.status)
  }
  return statuses
}

describe('S3: login throttling', () => {
  it('1000 guesses at one account compute at most 6 hashes and never answer 5xx', async () => {
    const { email } = await registered()
    vi.mocked(hashing.verifyPassword).mockClear()
    const statuses = await guess(email, 1000, 25)
    expect(statuses.every((s) => s === 403 || s === 429)).toBe(true)
    expect(statuses.filter((s) => s === 403)).toHaveLength(6)
    expect(hashChecks()).toBeLessThanOrEqual(6)
  }, 120_000)

  it('negative control: with the guard off the same guesses each compute a hash', async () => {
    const { email } = await registered()
    vi.mocked(hashing.verifyPassword).mockClear()
    setThrottleEnabled(false)
    const statuses = await guess(email, 12, 4)
    expect(statuses.every((s) => s === 403)).toBe(true)
    expect(hashChecks()).toBe(12)
  }, 120_000)

  it('delays grow: 1 s, then 2 s, then 4 s between allowed attempts', async () => {
    const { email } = await registered()
    await guess(email, 6, 1)
    const allowedAfter = async (seconds: number) => {
      advance(seconds)
      return (await loggedIn(email, 'wrong-guess-123')).answer.status === 403
    }
    expect(await allowedAfter(0.5)).toBe(false)
    expect(await allowedAfter(0.6)).toBe(true) // 1 s block over
    expect(await allowedAfter(1.5)).toBe(false)
    expect(await allowedAfter(0.6)).toBe(true) // 2 s block over
    expect(await allowedAfter(3.5)).toBe(false)
    expect(await allowedAfter(0.6)).toBe(true) // 4 s block over
  })

  it('a blocked account refuses even the right password without hashing, then lets it in later', async () => {
    const { email, password } = await registered()
    await guess(email, 10, 1)
    vi.mocked(hashing.verifyPassword).mockClear()
    const refused = await loggedIn(email, password)
    expect(refused.answer.status).toBe(429)
    expect(vi.mocked(hashing.verifyPassword)).not.toHaveBeenCalled()
    advance(3600)
    expect((await loggedIn(email, password)).answer.status).toBe(200)
  })

  it('answers an unknown account and a known one alike, before and during the block', async () => {
    const { email } = await registered()
    const unknown = uniqueEmail('ghost')
    const known = await guess(email, 8, 1)
    const ghost = await guess(unknown, 8, 1)
    expect(ghost).toEqual(known)
    const a = await loggedIn(email, 'wrong-guess-123')
    const b = await loggedIn(unknown, 'wrong-guess-123')
    expect(a.answer).toEqual(b.answer)
  })

  it('limits one IP guessing many accounts, and only that IP', async () => {
    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await loggedIn(uniqueEmail('spray'), 'wrong-guess-123', newVisitor(), ip)).answer.status)
    expect(statuses.slice(0, 30).every((s) => s === 403)).toBe(true)
    expect(statuses.slice(31).every((s) => s === 429)).toBe(true)
    const { email, password } = await registered()
    expect((await loggedIn(email, password, newVisitor(), ip)).answer.status).toBe(429)
    expect((await loggedIn(email, password, newVisitor(), freshIp())).answer.status).toBe(200)
  }, 120_000)

  it('a correct login resets the account’s counter', async () => {
    const { email, password } = await registered()
    await guess(email, 4, 1)
    expect((await loggedIn(email, password)).answer.status).toBe(200)
    const again = await guess(email, 5, 1)
    expect(again.every((s) => s === 403)).toBe(true)
  })
})

describe('S3: a forged X-Forwarded-For buys no fresh attempts', () => {
  /**
   * 34 wrong guesses at different accounts, each with a new X-Forwarded-For as an attacker would send,
   * then the right password of a real account from yet another address. Returns all the statuses.
   */
  async function rotatingSpray(trustProxy: 'off' | 'on') {
    const { email, password } = await registered()
    vi.stubEnv('TRUST_PROXY', trustProxy)
    reloadEnv()
    const guesses: number[] = []
    for (let i = 0; i < 34; i++) guesses.push((await loggedIn(uniqueEmail('rotate'), 'wrong-guess-123', newVisitor(), freshIp())).answer.status)
    const rightPassword = (await loggedIn(email, password, newVisitor(), freshIp())).answer.status
    return { guesses, rightPassword }
  }

  it('with TRUST_PROXY off the header is ignored: the per-IP limit holds and stays blocked', async () => {
    const { guesses, rightPassword } = await rotatingSpray('off')
    expect(guesses.slice(0, 30).every((s) => s === 403)).toBe(true)
    expect(guesses.slice(31).every((s) => s === 429)).toBe(true)
    expect(rightPassword).toBe(429)
  }, 120_000)

  it('negative control: with TRUST_PROXY on each new header value is a new client, never limited', async () => {
    const { guesses, rightPassword } = await rotatingSpray('on')
    expect(guesses.every((s) => s === 403)).toBe(true)
    expect(rightPassword).toBe(200)
  }, 120_000)
})

describe('S11: registrations per IP', () => {
  it('allows 10 registrations an hour from one IP, then refuses without storing', async () => {
    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const answer = await call(registerPost, '/ajax/register/', { EMAIL: uniqueEmail('bulk'), PASS: GOOD_PASSWORD, NAME: 'Бот' }, newVisitor(), ip)
      statuses.push(answer.status)
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  }, 120_000)
})
