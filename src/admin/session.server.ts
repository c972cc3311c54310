import 'server-only'
import { cookies } from 'next/headers'
import { forbidden, redirect } from 'next/navigation'
import { cache } from 'react'
import { staffFromSession } from '@/domains/staff/staff-auth.server'
import { can, type Actor, type Permission } from '@/domains/staff/permissions'
import { STAFF_COOKIE } from './staff-cookie'

/** The signed-in staff member of this request, looked up once per render. */
export const currentActor = cache(async (): Promise<Actor | null> => staffFromSession((await cookies()).get(STAFF_COOKIE)?.value))

/**
 * The first line of every back-office page: no session → the login page (coming back here after),
 * a role without the permission → 403.
 */
export async function requirePermission(permission: Permission, back: string): Promise<Actor> {
  const actor = await currentActor()
  if (!actor) redirect(`/admin/login/?next=${encodeURIComponent(back)}`)
  if (!can(actor.role, permission)) forbidden()
  return actor
}
