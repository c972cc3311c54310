import 'server-only'
import { z } from 'zod'
import { db } from '@/db/client'
import type { AjaxContext } from '@/lib/ajax'
import { Refusal } from '@/lib/refusal'
import { env } from '@/lib/env'
import { testHook } from '@/lib/test-hooks'
import { logger } from '@/lib/logger'
import { ACCOUNT_MESSAGES as M, NAME_MAX, isValidEmail, normalizeEmail, stripName } from './account'
import { endOtherSessions, insertUser, linkSocial, userByEmail, userIdBySocial } from './account.db'
import { signInWithin } from './account.server'

/** What a provider tells us about the person behind a token. */
export interface SocialProfile {
  network: string
  uid: string
  email: string | null
  emailVerified: boolean
  name: string
}

/** A login provider: turns the page's uToken into a profile, or null when the token is not good. */
export interface SocialProvider {
  readonly code: string
  verify(token: string, host: string): Promise<SocialProfile | null>
}

/** uLogin's answer from token.php (our own names are used past this point). */
const uloginAnswer = z.object({
  network: z.string().min(1).max(50),
  uid: z.string().min(1).max(200),
  email: z.string().max(254).optional(),
  verified_email: z.union([z.string(), z.number()]).optional(),
  first_name: z.string().max(100).optional(),
  last_name: z.string().max(100).optional(),
})

function fromUlogin(raw: unknown): SocialProfile | null {
  const parsed = uloginAnswer.safeParse(raw)
  if (!parsed.success) return null
  const a = parsed.data
  return {
    network: a.network,
    uid: a.uid,
    email: a.email ?? null,
    emailVerified: String(a.verified_email) === '1',
    name: [a.first_name, a.last_name].filter(Boolean).join(' '),
  }
}

export function uloginProvider(tokenUrl: string): SocialProvider {
  return {
    code: 'ulogin',
    async verify(token, host) {
      const url = new URL(tokenUrl)
      url.searchParams.set('token', token)
      url.searchParams.set('host', host)
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
        if (!response.ok) return null
        return fromUlogin(await response.json())
      } catch (error) {
        logger.warn({ err: error }, 'social login provider unreachable')
        return null
      }
    },
  }
}

/**
 * Built-in provider for tests and demos: a token "fake:<network>:<uid>:<email>:<name>" is a
 * verified profile; anything else is refused.
 */
export const fakeProvider: SocialProvider = {
  code: 'fake',
  async verify(token) {
    const [kind, network, uid, email, name] = token.split(':')
    if (kind !== 'fake' || !network || !uid) return null
    return { network, uid, email: email || null, emailVerified: true, name: name ?? '' }
  },
}

/** Tests pick the provider (null: social login off); undefined: the one SOCIAL_LOGIN names. */
export const providerOverride = testHook<SocialProvider | null | undefined>('social provider', undefined)

/** The configured provider, or null when social login is off (the buttons are hidden then). */
export function socialProvider(): SocialProvider | null {
  const override = providerOverride()
  if (override !== undefined) return override
  const { SOCIAL_LOGIN, ULOGIN_TOKEN_URL } = env()
  if (SOCIAL_LOGIN === 'ulogin') return uloginProvider(ULOGIN_TOKEN_URL)
  if (SOCIAL_LOGIN === 'fake') return fakeProvider
  return null
}

/** For the login form: whether to show the buttons and where they open the provider's window. */
export function socialLoginConfig(): { authUrl: string } | null {
  const provider = socialProvider()
  if (!provider) return null
  return { authUrl: provider.code === 'fake' ? '/auth/ulogin/' : env().ULOGIN_AUTH_URL }
}

/**
 * POST /ajax/ulogin/: a known identity signs in its account; a new one with a verified e-mail joins
 * the account of that e-mail, or gets a new password-less account. An unverified e-mail that belongs
 * to an account is refused: otherwise anyone could claim that account through a network.
 */
export async function socialLogin(input: { uToken: string }, ctx: AjaxContext): Promise<{ status: 'success' }> {
  const provider = socialProvider()
  if (!provider) throw new Refusal('not-found', M.socialOff)
  const host = new URL(env().PUBLIC_URL).host
  const profile = await provider.verify(input.uToken.trim(), host)
  if (!profile) throw new Refusal('forbidden', M.socialFailed)
  const network = `${provider.code}:${profile.network}`

  const cookieId = await db().transaction(async (tx) => {
    let userId = await userIdBySocial(tx, network, profile.uid)
    if (userId === null) {
      const email = profile.email ? normalizeEmail(profile.email) : ''
      if (!isValidEmail(email)) throw new Refusal('forbidden', M.socialFailed)
      const existing = await userByEmail(tx, email)
      if (existing && !profile.emailVerified) throw new Refusal('forbidden', M.socialFailed)
      const user =
        existing ??
        (await insertUser(tx, { email, name: stripName(profile.name).trim().slice(0, NAME_MAX), passwordHash: null, subscribed: false }))
      if (!user) throw new Refusal('conflict', M.generic)
      userId = user.id
      // A password-less account was made by a guest order, which anyone can place with any e-mail;
      // the sessions it has are not proven to be the owner's. The owner proving the e-mail ends them.
      if (existing && existing.passwordHash === null) await endOtherSessions(tx, userId, null)
      await linkSocial(tx, userId, network, profile.uid)
    }
    return signInWithin(tx, ctx.sessionId, userId)
  })
  ctx.replaceSession(cookieId)
  return { status: 'success' }
}
