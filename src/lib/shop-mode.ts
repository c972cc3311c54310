/**
 * Demo or production (ADR 152): the one place that decides. Pure functions of the raw settings, so
 * that the start script can check them before anything is built or migrated, and env() can use them.
 *
 * `next start` always sets NODE_ENV=production, so NODE_ENV says nothing about the deployment: a fresh
 * clone with no settings is a demo; `SHOP_MODE=production` or a public https PUBLIC_URL is a shop.
 */
export type ShopMode = 'demo' | 'production'

/** The settings as the environment holds them: strings, an empty one meaning unset. */
export type RawSettings = Readonly<Record<string, string | undefined>>

/** Secrets are compared in bytes: a key's strength is its bytes, not its letters. */
export const MIN_SECRET_BYTES = 32

const value = (vars: RawSettings, name: string): string | undefined => (vars[name] === '' ? undefined : vars[name])

function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0.0.0.0'
}

function parsedUrl(url: string | undefined): URL | null {
  if (!url) return null
  try {
    return new URL(url)
  } catch {
    return null
  }
}

/** An https address of a host other people can reach: such a shop is never a demo. */
export function isPublicHttpsUrl(url: string | undefined): boolean {
  const parsed = parsedUrl(url)
  return parsed !== null && parsed.protocol === 'https:' && !isLocalHost(parsed.hostname)
}

export function shopModeOf(vars: RawSettings): ShopMode {
  return value(vars, 'SHOP_MODE') === 'production' || isPublicHttpsUrl(value(vars, 'PUBLIC_URL')) ? 'production' : 'demo'
}

/**
 * The built-in card and Долями sandbox marks orders paid without money: always on in a demo, in
 * production only when PAYMENT_SANDBOX=1 says so (and then every page says so too).
 */
export function paymentSandboxOn(vars: RawSettings): boolean {
  return shopModeOf(vars) === 'demo' || value(vars, 'PAYMENT_SANDBOX') === '1'
}

/** Demo accounts (the review moderator with a published password) exist only in a demo. */
export function demoAccountsAllowed(vars: RawSettings): boolean {
  return shopModeOf(vars) === 'demo'
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8')

/**
 * What keeps a production-mode server from starting: one line per problem, each naming its setting.
 * Empty in demo mode, where every setting has a default that works on a laptop.
 */
export function productionProblems(vars: RawSettings): string[] {
  if (shopModeOf(vars) !== 'production') return []
  const problems: string[] = []
  const secret = value(vars, 'SESSION_SECRET')
  if (secret === undefined) {
    problems.push(
      `SESSION_SECRET is not set: production mode needs one secret of at least ${MIN_SECRET_BYTES} bytes, the same for every instance (e.g. openssl rand -base64 48).`,
    )
  } else if (bytes(secret) < MIN_SECRET_BYTES) {
    problems.push(`SESSION_SECRET is ${bytes(secret)} bytes long: it must be at least ${MIN_SECRET_BYTES} bytes.`)
  }
  const publicUrl = value(vars, 'PUBLIC_URL')
  if (parsedUrl(publicUrl)?.protocol !== 'https:') {
    problems.push(`PUBLIC_URL must be the shop's https address (now: ${publicUrl ?? 'unset'}): session cookies are sent only over TLS.`)
  }
  if (value(vars, 'SOCIAL_LOGIN') === 'fake') {
    problems.push('SOCIAL_LOGIN=fake lets anyone sign in as anyone: set SOCIAL_LOGIN=ulogin or off.')
  }
  const adminToken = value(vars, 'ADMIN_API_TOKEN')
  if (adminToken !== undefined && bytes(adminToken) < MIN_SECRET_BYTES) {
    problems.push(`ADMIN_API_TOKEN is ${bytes(adminToken)} bytes long: the admin token must be at least ${MIN_SECRET_BYTES} bytes.`)
  }
  const sandbox = value(vars, 'PAYMENT_SANDBOX')
  if (sandbox !== undefined && sandbox !== '1' && sandbox !== '0') {
    problems.push(
      `PAYMENT_SANDBOX=${sandbox} is not understood: set PAYMENT_SANDBOX=1 to run the test payment page (every page then says so), or leave it unset.`,
    )
  }
  return problems
}
