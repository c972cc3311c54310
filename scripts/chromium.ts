/**
 * Debian's Chromium, the one browser the browser tests and the Lighthouse script drive: never a
 * downloaded one. The flags keep it off the network this machine does not have (background
 * requests to Google would fail at every start) and out of the sandbox that root cannot use.
 */
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM = '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Installs the chromium package when it is missing. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return
  console.log('installing Debian chromium…')
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' })
}
