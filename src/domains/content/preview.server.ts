import 'server-only'
import { cookies, draftMode } from 'next/headers'
import { cache } from 'react'
import { STAFF_COOKIE, staffFromSession } from '@/domains/staff/staff-auth.server'
import { can } from '@/domains/staff/permissions'

/**
 * Is this storefront request an editor's preview (ADR 201)? Next's draft mode is on (the cookie the
 * preview route set) AND the browser still carries a staff session that may change content: a
 * draft cookie left behind after the session ended shows nothing unpublished.
 *
 * Loaders given `drafts: true` read past the data cache and include unpublished rows; the full-page
 * cache never keeps a request carrying the draft cookie (src/lib/page-cache.ts). Once per render.
 */
export const isPreview = cache(async (): Promise<boolean> => {
  if (!(await draftMode()).isEnabled) return false
  const actor = await staffFromSession((await cookies()).get(STAFF_COOKIE)?.value)
  return actor !== null && can(actor.role, 'content.write')
})
