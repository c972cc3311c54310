import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { issueChallenge } from '@/domains/captcha/captcha.server'
import { setCaptcha } from './test-hooks'

/** Integration tests solve real challenges, at a low difficulty so that a file stays fast. */
export function easyCaptcha(overrides: { replay?: boolean; limits?: boolean } = {}): void {
  setCaptcha({ difficulty: { cost: 1, minCounter: 1, maxCounter: 40 }, ...overrides })
}

export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('could not solve the captcha')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

/** A fresh, valid captcha token as the widget would send it. */
export async function captchaToken(): Promise<string> {
  return solve(await issueChallenge())
}
