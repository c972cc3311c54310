import 'server-only'
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Passwords are hashed with scrypt from node:crypto (S4, ADR 051): no native add-on to install.
 * The whole password is hashed after NFC normalisation, as UTF-8 bytes, so long Cyrillic passwords
 * are neither truncated nor treated differently when typed on another keyboard.
 * Format: scrypt$<log2 N>$<r>$<p>$<salt b64url>$<hash b64url>, so the cost can grow later.
 */
const LOG_N = 15
const R = 8
const P = 1
const KEY_LEN = 32

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r * p }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LEN, options, (err, key) => (err ? reject(err) : resolve(key)))
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, LOG_N, R, P)
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, logN, r, p, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || !logN || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

let dummy: Promise<string> | undefined

/**
 * Costs the same as checking a real password, so an unknown e-mail cannot be told from a wrong
 * password by the time the answer takes.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword('dummy-password-for-timing')
  await verifyPassword(password, await dummy)
  return false
}
